// How the dashboard prints times: the member's language, UTC (the API's zone), said so.
export function formatTime(value: Date | string | null | undefined, locale: string): string {
  if (!value) return "";
  const date = typeof value === "string" ? new Date(/[Zz]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`) : value;
  return `${new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" }).format(date)} UTC`;
}
