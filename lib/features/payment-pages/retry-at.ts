// When a payment page tells a customer to come back (every place held, the page busy, their
// connection's allowance spent): a clock time and a wait, as the customer's page says them. The
// time is UTC, as the receipt's, and rounded up to the minute, so nobody is told to come back too
// soon; the wait is whole minutes, at least one, for a customer reading it now.

export function retryAtWords(until: Date, now: Date, locale: string): { time: string; minutes: number } {
  const minute = 60_000;
  const rounded = new Date(Math.ceil(until.getTime() / minute) * minute);
  const time = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC", timeZoneName: "short" }).format(rounded);
  return { time, minutes: Math.max(1, Math.ceil((rounded.getTime() - now.getTime()) / minute)) };
}
