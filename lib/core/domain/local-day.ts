// A calendar day as a person there means it, as a span of UTC time: "the payment of 3 December"
// typed in Douala starts at 23:00 UTC the day before. The countries we serve (dial-codes.ts) keep
// one offset all year, UTC+0 or UTC+1; Intl says which, from the IANA zone.

const TIME_ZONES: Record<string, string> = {
  CI: "Africa/Abidjan", SN: "Africa/Dakar", BJ: "Africa/Porto-Novo", TG: "Africa/Lome", BF: "Africa/Ouagadougou",
  ML: "Africa/Bamako", NE: "Africa/Niamey", GW: "Africa/Bissau", CM: "Africa/Douala", GA: "Africa/Libreville",
  CG: "Africa/Brazzaville", TD: "Africa/Ndjamena", CF: "Africa/Bangui", GQ: "Africa/Malabo", GN: "Africa/Conakry",
};

/** The IANA time zone of a country we serve (ISO alpha-2); UTC for any other. */
export const countryTimeZone = (country: string | null | undefined): string => (country && TIME_ZONES[country.toUpperCase()]) || "UTC";

/** The zone's offset from UTC at that instant, in minutes ("GMT+01:00" -> 60). */
function offsetMinutes(timeZone: string, at: Date): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day "YYYY-MM-DD" in the zone as [start, end) in UTC, or null when the text is no calendar day. */
export function localDaySpan(day: string, timeZone: string): { start: Date; end: Date } | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = match.slice(1).map(Number);
  const midnightUtc = Date.UTC(year, month - 1, date);
  const check = new Date(midnightUtc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  const start = new Date(midnightUtc - offsetMinutes(timeZone, new Date(midnightUtc + 12 * 3600_000)) * 60_000);
  const end = new Date(start.getTime() + 24 * 3600_000);
  return { start, end };
}

/** Today's date "YYYY-MM-DD" in the zone. */
export function localToday(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}
