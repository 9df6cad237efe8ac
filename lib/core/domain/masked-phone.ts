import { countryOfPhone, DIAL_CODES } from "./dial-codes";

// A payer's number shown to someone who may not be its owner ("was I charged?", issue 51): enough
// to recognise one's own ("+225 07 •• •• •4 44": the first two digits, which name the operator's
// range, and the last three), never enough to call it. Digits grouped in pairs from the end, as
// numbers are read aloud in the countries we serve.

const HIDDEN = "•";

/** The E.164 number masked: its country code, its first two and last three national digits. */
export function maskedPhone(e164: string): string {
  const digits = e164.replace(/\D/g, "");
  const country = countryOfPhone(`+${digits}`);
  const code = country ? DIAL_CODES[country] : digits.slice(0, 3);
  const national = digits.slice(code.length);
  const shown = [...national].map((digit, i) => (i < 2 || i >= national.length - 3 ? digit : HIDDEN)).join("");
  const pairs: string[] = [];
  for (let end = shown.length; end > 0; end -= 2) pairs.unshift(shown.slice(Math.max(0, end - 2), end));
  return `+${code} ${pairs.join(" ")}`;
}
