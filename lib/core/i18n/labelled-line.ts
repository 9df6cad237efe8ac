import type { Locale } from "./locales";

/**
 * A label and what it names on one line of a message's text ("Voir le reçu : https://…"): in
 * French a narrow no-break space before the colon, as the catalogs write "Montant :" (checked by
 * french-typography.test.ts), so the colon never starts a line; "View the receipt: https://…" in
 * English. For the lines code puts together from two catalog words, a label and a URL.
 */
export const labelledLine = (locale: Locale, label: string, value: string): string => `${label}${locale === "fr" ? "\u202f" : ""}: ${value}`;
