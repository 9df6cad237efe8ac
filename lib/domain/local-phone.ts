import { isInternationalPhone } from "./countries";
import { DIAL_CODES } from "./dial-codes";

/** The countries the service serves (those our gateways reach), for country pickers. */
export const SERVED_COUNTRIES = Object.keys(DIAL_CODES);

export function isServedCountry(code: string): boolean {
  return code in DIAL_CODES;
}

/**
 * A phone number as people write it, in international form: "+225 07 00 00 04 44",
 * "00225 0700000444" or, in the country's local form, "07 00 00 04 44" (the country's dialling
 * code is put in front: in the countries we serve the local number is the national significant
 * number, Côte d'Ivoire's leading 0 included since its 10-digit plan). Spaces, dots, dashes and
 * brackets are ignored. Null when the result is not an E.164 number.
 */
export function toInternationalPhone(input: string, country: string | null | undefined): string | null {
  const compact = input.trim().replace(/[\s.\-()]/g, "");
  let international: string;
  if (compact.startsWith("+")) international = compact;
  else if (compact.startsWith("00")) international = `+${compact.slice(2)}`;
  else {
    const dial = country ? DIAL_CODES[country] : undefined;
    if (!dial) return null;
    international = `+${dial}${compact}`;
  }
  return isInternationalPhone(international) ? international : null;
}
