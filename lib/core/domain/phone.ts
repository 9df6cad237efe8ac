import { DIAL_CODES } from "./dial-codes";

// A phone number as a person types it, in the local form of a country ("07 00 00 04 44" in Côte
// d'Ivoire) or in international form ("+225 07 00 00 04 44", "00225 0700000444"), to the E.164
// form the API stores ("+2250700000444"). One rule for the checkout and every dashboard form:
// the local number is the country's dialling code followed by the digits as typed (Côte d'Ivoire's
// numbers keep their leading 0 since 2021; Senegal's have none), 8 to 12 digits long.

const LOCAL_DIGITS = /^\d{8,12}$/;
const E164 = /^\+[1-9]\d{7,14}$/;

/** The digits a person typed, without spaces, dots, dashes or brackets ("07 00-00.04 44" -> "0700000444"). */
export const phoneDigits = (text: string) => text.replace(/[\s\u00a0\u202f.\-()/]/g, "");

/** Whether local digits (the national part) make a number we can dial: 8 to 12 digits. */
export const isLocalNumber = (digits: string) => LOCAL_DIGITS.test(digits);

/** The dialling code and the national digits as E.164 ("225", "0700000444" -> "+2250700000444"). */
export const localToE164 = (dialCode: string, digits: string) => `+${dialCode}${digits}`;

/**
 * The E.164 form of a typed number: international forms as they are ("+" or "00" then the
 * country code), a local form in `country`'s numbering (ISO alpha-2; null when unknown). Null
 * when it is neither: the caller answers the field's error (40014).
 */
export function normalizePhone(text: string, country?: string | null): string | null {
  const compact = phoneDigits(text.trim());
  if (!compact) return null;
  if (compact.startsWith("+")) return E164.test(compact) ? compact : null;
  if (compact.startsWith("00")) return E164.test(`+${compact.slice(2)}`) ? `+${compact.slice(2)}` : null;
  const dialCode = country ? DIAL_CODES[country.toUpperCase()] : undefined;
  if (!dialCode || !/^\d+$/.test(compact)) return null;
  // The country code typed without "+" ("2250700000444"): no local number of our countries
  // starts with its own dialling code and has 8 digits more.
  if (compact.startsWith(dialCode) && compact.length >= dialCode.length + 8 && E164.test(`+${compact}`)) return `+${compact}`;
  return isLocalNumber(compact) ? localToE164(dialCode, compact) : null;
}

export type PhoneAnswer = { phone: string } | { error: "invalid" | "no_country" };

/**
 * normalizePhone, telling why a number was refused: "no_country" for local digits with no country
 * to read them in (the form asks for an international number or the merchant's country).
 */
export function internationalPhone(text: string, country: string | null | undefined): PhoneAnswer {
  const phone = normalizePhone(text, country);
  if (phone) return { phone };
  const compact = phoneDigits(text.trim());
  const readable = Boolean(country && DIAL_CODES[country.toUpperCase()]);
  return !readable && /^\d+$/.test(compact) && !compact.startsWith("00") && isLocalNumber(compact) ? { error: "no_country" } : { error: "invalid" };
}
