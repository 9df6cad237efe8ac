import { minorUnits } from "@/lib/core/domain/money";

// Operators carry amounts in major units: MTN and Wave as decimal strings ("1500", "10.50"),
// Orange Money as a JSON number. Conversions go through bigint and digit strings, never float
// arithmetic, so 0.1 + 0.2 never reaches an operator.

/** Minor units to the operator's decimal string in major units: 1500n XOF -> "1500", 1050n EUR -> "10.50". */
export function minorToDecimalString(minor: bigint, currency: string): string {
  if (minor < 0n) throw new RangeError("operator amounts are never negative");
  const digits = minorUnits(currency);
  if (digits === 0) return minor.toString();
  const text = minor.toString().padStart(digits + 1, "0");
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * An operator's decimal amount ("1500", "1500.00", "10.5", or a JSON number) to minor units;
 * null when it is not a plain non-negative decimal or has more significant decimals than the
 * currency allows ("10.505" EUR, "10.5" XOF). Trailing zeros are accepted: "1500.00" XOF is 1500.
 */
export function decimalToMinor(value: unknown, currency: string): bigint | null {
  let text: string;
  if (typeof value === "string") text = value.trim();
  else if (typeof value === "number" && Number.isFinite(value) && value >= 0) text = plain(value);
  else return null;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const digits = minorUnits(currency);
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > digits) return null;
  return BigInt(match[1] + fraction.padEnd(digits, "0"));
}

/**
 * Minor units to a JSON number in major units for operators that want a number (Orange Money),
 * refused when the number could not carry the amount exactly.
 */
export function minorToJsonNumber(minor: bigint, currency: string): number | null {
  const text = minorToDecimalString(minor, currency);
  const value = Number(text);
  return Number.isFinite(value) && decimalToMinor(value, currency) === minor ? value : null;
}

function plain(value: number): string {
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(20).replace(/\.?0+$/, "") : text;
}
