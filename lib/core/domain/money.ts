// Money is carried as bigint minor units; the API speaks JSON numbers in major units.
// Conversions go through decimal strings, never through float arithmetic.

/** Currencies a payment link accepts, with their ISO 4217 minor-unit digits. */
export const LINK_CURRENCIES = ["XOF", "XAF", "GNF", "EUR", "USD"] as const;
export type LinkCurrency = (typeof LINK_CURRENCIES)[number];

// ISO 4217 minor units for the currencies our gateways can carry; others default to 2.
const MINOR_UNITS: Record<string, number> = {
  XOF: 0, XAF: 0, GNF: 0, EUR: 2, USD: 2, GHS: 2, NGN: 2, CDF: 2, KES: 2, UGX: 0, RWF: 0,
};

export function minorUnits(currency: string): number {
  return MINOR_UNITS[currency] ?? 2;
}

const ISO_4217 = new Set<string>(Intl.supportedValuesOf("currency"));

export function isIsoCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && ISO_4217.has(code);
}

/**
 * The plain decimal form of a finite number, from its shortest round-trip text ("1e-7" becomes
 * "0.0000001", "1.5e+21" becomes "1500000000000000000000"): the exponent is applied to the digits
 * as text, because toFixed writes values from 1e21 up in exponent form again and rounds values
 * below 1e-20 to "0" (5e-324 would count as a whole number).
 */
function plainDecimal(value: number): string {
  const text = String(Math.abs(value));
  const match = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/i.exec(text);
  if (!match) return text;
  const [, whole, fraction = "", exponentText] = match;
  const digits = whole + fraction;
  // Position of the decimal point within digits once the exponent is applied.
  const point = whole.length + Number(exponentText);
  if (point <= 0) return `0.${"0".repeat(-point)}${digits}`.replace(/0+$/, "");
  if (point >= digits.length) return digits + "0".repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`.replace(/\.?0+$/, "");
}

/** How many decimal places the number has as written in JSON (10.50 parses to 10.5: one). */
export function decimalPlaces(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const [, fraction = ""] = plainDecimal(value).split(".");
  return fraction.length;
}

/**
 * Converts a major-unit amount to minor units; null when it is not a finite number, has more
 * decimals than the currency allows, or is too large for toMajor to give back exactly (beyond
 * 2^53 - 1 minor units). Callers validate the range first (lib/core/schemas), but this never throws,
 * whatever number it is handed.
 */
export function toMinor(amount: number, currency: string): bigint | null {
  if (typeof amount !== "number" || !Number.isFinite(amount)) return null;
  const digits = minorUnits(currency);
  if (decimalPlaces(amount) > digits) return null;
  const [whole, fraction = ""] = plainDecimal(amount).split(".");
  const minor = BigInt(whole + fraction.padEnd(digits, "0"));
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return amount < 0 ? -minor : minor;
}

/** Minor units back to a JSON number in major units (exact for every amount below 2^53 minor units). */
export function toMajor(minor: bigint, currency: string): number {
  const digits = minorUnits(currency);
  if (digits === 0) return Number(minor);
  const negative = minor < 0n;
  const text = (negative ? -minor : minor).toString().padStart(digits + 1, "0");
  const value = Number(`${text.slice(0, -digits)}.${text.slice(-digits)}`);
  return negative ? -value : value;
}

// The CFA francs are written "F CFA" by the people who use them, whatever the language of the
// page (price tags, the operators' SMS, anglophone Cameroon's papers: "5 000 F CFA", "5,000 F CFA");
// XOF and XAF are the codes machines exchange, and the API, the CSV amounts and the logs keep
// them. A shop works in one zone's franc, so the name does not need to say which one. Other
// currencies keep their ISO code.
const PEOPLE_NAMES: Record<string, string> = { XOF: "F\u00a0CFA", XAF: "F\u00a0CFA" };

/** The currency as people read it after an amount: "F CFA" for the CFA francs, else the ISO code. */
export const currencyName = (currency: string): string => PEOPLE_NAMES[currency] ?? currency;

/**
 * A currency in a list to choose from ("F CFA (XOF)", "EUR"): there both francs sit side by side,
 * so the code follows the people's name to tell them apart.
 */
export const currencyChoice = (currency: string): string => {
  const name = currencyName(currency);
  return name === currency ? currency : `${name} (${currency})`;
};

/** A written number and its currency's name, "F CFA" kept on the number's line. */
const withCurrency = (number: string, currency: string) => {
  const name = currencyName(currency);
  return `${number}${name === currency ? " " : "\u00a0"}${name}`;
};

/**
 * Minor units for people to read, in a locale, followed by the currency's name ("1,000.50 EUR",
 * "5 000 F CFA" in French, see currencyName): the whole part is formatted as a bigint and the
 * fraction spliced in as digits, so every amount prints exactly and EUR always shows its two
 * decimals. "F CFA" stays with its number (no-break spaces): a line never ends with "5 000 F".
 */
export function formatMinor(minor: bigint, currency: string, locale: string): string {
  return withCurrency(writtenMinor(minor, currency, locale), currency);
}

/** As formatMinor, with the ISO code whatever the currency ("50,000 XOF"): the API's developer text (error details) keeps the codes machines exchange. */
export function formatMinorIso(minor: bigint, currency: string, locale = "en"): string {
  return `${writtenMinor(minor, currency, locale)} ${currency}`;
}

/** The number alone, exact: the whole part formatted as a bigint, the fraction spliced in as digits. */
function writtenMinor(minor: bigint, currency: string, locale: string): string {
  const digits = minorUnits(currency);
  const scale = 10n ** BigInt(digits);
  const negative = minor < 0n;
  const absolute = negative ? -minor : minor;
  const format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const fraction = (absolute % scale).toString().padStart(digits, "0");
  const number = format
    .formatToParts(absolute / scale)
    .map((part) => (part.type === "fraction" ? fraction : part.value))
    .join("");
  const minus = negative ? (format.formatToParts(-1).find((part) => part.type === "minusSign")?.value ?? "-") : "";
  return `${minus}${number}`;
}

/**
 * A major-unit amount as the API and the support endpoints send it (a JSON number, exact for the
 * currency's digits, see toMajor) for people to read: formatMinor's exact digits and names ("10.50 EUR", "5 000 F CFA",
 * where toLocaleString would print "10.5").
 */
export function formatMajor(amount: number, currency: string, locale: string): string {
  const minor = toMinor(amount, currency);
  return minor === null ? withCurrency(String(amount), currency) : formatMinor(minor, currency, locale);
}
