// How the dashboard prints times: the member's language, in the merchant's time zone (the shop's
// clock, from its country: SessionMember.timeZone), without seconds unless asked (the developers'
// event and delivery logs). A merchant without a country gets UTC, said so.
export function formatTime(value: Date | string | null | undefined, locale: string, timeZone: string, options: { seconds?: boolean } = {}): string {
  if (!value) return "";
  const date = typeof value === "string" ? new Date(/[Zz]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`) : value;
  const text = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: options.seconds ? "medium" : "short", timeZone }).format(date);
  return timeZone === "UTC" ? `${text} UTC` : text;
}

/** A share (0..1) as a percentage in the member's language ("98,5 %"); "—" without one. */
export function formatShare(share: number | null, locale: string): string {
  if (share === null) return "—";
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(share);
}

/** A duration as a person reads it: 850 ms, 3.2 s, 4 min, 2 h 5 min (units the same in French and English); "—" without one. */
export function formatDuration(ms: number | null, locale: string): string {
  if (ms === null) return "—";
  const number = (n: number, digits = 0) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n);
  if (ms < 1000) return `${number(ms)} ms`;
  if (ms < 60_000) return `${number(ms / 1000, 1)} s`;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${number(hours)} h` : `${number(hours)} h ${minutes % 60} min`;
}
