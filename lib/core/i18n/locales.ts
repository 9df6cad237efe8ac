export const LOCALES = ["fr", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "fr";
export const LOCALE_COOKIE = "locale";

/** The best supported locale for an Accept-Language header (q-values honoured). */
export function negotiateLocale(acceptLanguage: string | null): Locale {
  return matchLocale(acceptLanguage) ?? DEFAULT_LOCALE;
}

/** The best supported locale an Accept-Language header names, or null when it names none. */
export function matchLocale(acceptLanguage: string | null): Locale | null {
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.toLowerCase().split("-")[0], q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.base && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return (ranked.find((entry) => (LOCALES as readonly string[]).includes(entry.base))?.base as Locale) ?? null;
}

export function isLocale(value: string | undefined): value is Locale {
  return (LOCALES as readonly string[]).includes(value ?? "");
}
