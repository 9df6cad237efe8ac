import { DIAL_CODES } from "@/lib/core/domain/dial-codes";

// Our phones are E.164 ("+2250700000000"). Operators each want their own form:
//   MTN MoMo: the MSISDN as digits with the country code, no "+" ("2250700000000");
//   Wave: E.164 with the "+" ("+221700000000");
//   Orange Money (Sonatel API): the national number, without the country code ("770000000").

const E164 = /^\+[1-9]\d{7,14}$/;

/** "+2250700000000" -> "2250700000000"; null when the phone is not E.164. */
export function msisdnDigits(phone: string): string | null {
  const compact = phone.replace(/[\s-]/g, "");
  return E164.test(compact) ? compact.slice(1) : null;
}

/** E.164 unchanged (spaces and dashes removed); null when it is not E.164. */
export function e164(phone: string): string | null {
  const compact = phone.replace(/[\s-]/g, "");
  return E164.test(compact) ? compact : null;
}

/**
 * The national number of an E.164 phone in one of our countries ("+221770000000" -> "770000000");
 * null when the phone is not E.164 or its country code is not one we serve (we cannot know where
 * the national part starts).
 */
export function nationalNumber(phone: string): string | null {
  const digits = msisdnDigits(phone);
  if (!digits) return null;
  const code = Object.values(DIAL_CODES).find((dial) => digits.startsWith(dial));
  if (!code || digits.length - code.length < 6) return null;
  return digits.slice(code.length);
}
