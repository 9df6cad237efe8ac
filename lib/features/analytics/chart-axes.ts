import { minorUnits } from "@/lib/core/domain/money";

// Axis ticks of the analytics charts (components/analytics-charts.tsx): amounts in the
// currency's decimals, and few enough dates to stay readable at 360 px.

/** Tick labels with the currency's decimals (none for XOF, two for EUR), as the locale writes numbers. */
export function amountTicks(currency: string, locale: string) {
  const digits = minorUnits(currency);
  const scale = 10 ** digits;
  const format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return {
    format: (value: number) => format.format(value),
    /** False for a tick between two minor units (0.5 XOF): an axis must not show an amount no one can pay. */
    payable: (value: number) => Math.abs(Math.round(value * scale) - value * scale) < 1e-6,
  };
}

/** The dates labelled under a daily chart: all of up to three days, else the first, middle and last. */
export function dayTicks(dates: string[]): string[] {
  if (dates.length <= 3) return dates;
  return [...new Set([dates[0], dates[Math.floor(dates.length / 2)], dates[dates.length - 1]])];
}

/** "23 Nov" / "23 nov.": a day of the UTC calendar the figures are counted in. */
export function formatDay(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * The left margin (in the chart's units) that fits the longest of an axis's labels: about 0.6 em
 * a character, plus room for the tick; never less than `min`.
 */
export function leftMarginFor(labels: readonly string[], { min, fontSize }: { min: number; fontSize: number }): number {
  const longest = Math.max(0, ...labels.map((label) => label.length));
  return Math.max(min, Math.ceil(longest * fontSize * 0.6) + 12);
}
