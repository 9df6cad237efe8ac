import { minorUnits } from "./money";

// An amount as a person types it in a form ("5 000", "5.000", "5 000", "1 500,50") to minor
// units, from the digits as text (never through a binary float). The rules (docs/decisions.md,
// "Amounts typed in a form"):
// - spaces of any kind (plain, no-break U+00A0, narrow no-break U+202F that French uses) and
//   apostrophes group thousands and are dropped;
// - a "." or "," followed by exactly three digits, or appearing more than once, groups thousands
//   ("5.000" and "5,000" are five thousand, "1.250.000" is 1 250 000);
// - otherwise the last "." or "," is the decimal mark ("10,50" and "10.50" EUR);
// - decimals are refused for a currency without a minor unit (XOF, XAF, GNF: "5000,5" is an
//   error, never rounded), and more decimals than the currency has are refused too.

export type AmountInputError = "empty" | "not_a_number" | "too_many_decimals";
export type AmountInput = { ok: true; minor: bigint; text: string } | { ok: false; reason: AmountInputError };

const SPACES = /[\s\u00a0\u202f\u2009'’]/g;

export function parseAmountInput(raw: string, currency: string): AmountInput {
  const compact = raw.replace(SPACES, "");
  if (!compact) return { ok: false, reason: "empty" };
  if (!/^\d[\d.,]*$/.test(compact) || /[.,]$/.test(compact)) return { ok: false, reason: "not_a_number" };
  const separators = compact.match(/[.,]/g) ?? [];
  let whole = compact;
  let fraction = "";
  if (separators.length > 0) {
    const groups = compact.split(/[.,]/);
    const last = groups[groups.length - 1];
    // One mark followed by exactly three digits, or several marks: thousands (every group after the first of three digits).
    // The first group has one to three digits and no leading zero ("0.500" is a decimal).
    const grouping = (separators.length > 1 || last.length === 3) && /^[1-9]\d{0,2}$/.test(groups[0]);
    if (grouping && groups.slice(1).every((g) => g.length === 3) && new Set(separators).size === 1) {
      whole = groups.join("");
    } else if (separators.length > 1 && new Set(separators).size === 2 && /[.,]\d+$/.test(compact)) {
      // "1.250,50" or "1,250.50": the last mark is the decimal one, the other groups thousands.
      const mark = compact[compact.length - last.length - 1];
      const head = compact.slice(0, compact.length - last.length - 1).split(mark === "," ? "." : ",");
      if (head.join("").includes(mark) || !head.slice(1).every((g) => g.length === 3)) return { ok: false, reason: "not_a_number" };
      whole = head.join("");
      fraction = last;
    } else if (separators.length === 1) {
      [whole, fraction] = groups;
    } else {
      return { ok: false, reason: "not_a_number" };
    }
  }
  const digits = minorUnits(currency);
  // Trailing zeros after the mark say nothing ("5000,00" XOF is 5000).
  const significant = fraction.replace(/0+$/, "");
  if (significant.length > digits) return { ok: false, reason: "too_many_decimals" };
  const minor = BigInt(whole + significant.padEnd(digits, "0"));
  const text = digits ? `${BigInt(whole)}.${significant.padEnd(digits, "0")}` : BigInt(whole).toString();
  return { ok: true, minor, text };
}
