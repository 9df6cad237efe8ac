import { DIAL_CODES } from "./dial-codes";

// A phone number as a merchant types it, in the international form we store (E.164).
// In the countries we serve the national number is dialled as it is written, leading 0 included
// (Côte d'Ivoire's ten digits "07 00 00 04 44" are +225 07 00 00 04 44): no trunk prefix is
// dropped, the checkout does the same (the country's code, then the digits typed).

const E164 = /^\+[1-9]\d{7,14}$/;

export type PhoneAnswer = { phone: string } | { error: "invalid" | "no_country" };

/**
 * "+225 07 00 00 04 44", "00225 0700000444", "225 07 00 00 04 44" and, for a merchant in CI,
 * "07 00 00 04 44" or "07.00.00.04.44" are all +2250700000444. A local number with no country to
 * read it in is "no_country"; anything that does not end as + and 8 to 15 digits is "invalid".
 */
export function internationalPhone(typed: string, country: string | null | undefined): PhoneAnswer {
  const compact = typed.trim().replace(/[\s.\-()/]/g, "");
  if (!/^(\+|00)?\d+$/.test(compact)) return { error: "invalid" };
  let phone: string;
  if (compact.startsWith("+")) phone = compact;
  else if (compact.startsWith("00")) phone = `+${compact.slice(2)}`;
  else {
    const dial = country ? DIAL_CODES[country.toUpperCase()] : undefined;
    // Digits that already start with the country's code and are longer than a national number
    // of ours (at most 10 digits) were typed in international form without the "+".
    if (dial && compact.startsWith(dial) && compact.length > 10) phone = `+${compact}`;
    else if (dial) phone = `+${dial}${compact}`;
    else return { error: "no_country" };
  }
  return E164.test(phone) ? { phone } : { error: "invalid" };
}
