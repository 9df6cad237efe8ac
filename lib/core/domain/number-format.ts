// Counts and percents for people, through Intl in the page's language: "12,5 %" in French (with
// the no-break space French typography puts before %), "12.5%" in English, never a
// hand-built "0.0 %". Money has its own exact formatter (formatMinor in ./money).

/** A ratio (0.125) as a percent with at most one decimal; a dash when there is none (no division by zero). */
export function formatPercent(ratio: number | null, locale: string): string {
  if (ratio === null || !Number.isFinite(ratio)) return "–";
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(ratio);
}

/** A whole count with the language's grouping ("12 500" in French). */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}
