import { parsePhoneNumberFromString, type NumberType } from "libphonenumber-js/max";
import { SERVED_COUNTRIES } from "@/lib/core/domain/served-countries";

// Which numbers a payment link may be texted to. SMS toll fraud ("SMS pumping") turns a send
// button into revenue for whoever owns a premium-rate or far-away range: every text is paid by the
// service. So a link goes only to a mobile number of a country the service serves, never to
// premium-rate, shared-cost, toll-free, VoIP, pager, UAN, voicemail or fixed ranges. The number's
// country and type come from libphonenumber-js's full ("max") metadata, the only one that tells
// the types apart.

/** Types a text can reach a person on. FIXED_LINE_OR_MOBILE: ranges the plan does not split (some African plans). */
const TEXTABLE: ReadonlySet<NumberType> = new Set<NumberType>(["MOBILE", "FIXED_LINE_OR_MOBILE"]);

/** SMS_ALLOWED_COUNTRIES (ISO alpha-2, comma-separated), or the served countries. */
export function smsCountries(env: NodeJS.ProcessEnv = process.env): string[] {
  const listed = (env.SMS_ALLOWED_COUNTRIES ?? "")
    .split(",")
    .map((code) => code.trim().toUpperCase())
    .filter((code) => /^[A-Z]{2}$/.test(code));
  return listed.length ? listed : SERVED_COUNTRIES;
}

/** Why an E.164 number may not be texted (the 40014's details), or null when it may. */
export function smsDestinationRefusal(phone: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const parsed = parsePhoneNumberFromString(phone);
  const countries = smsCountries(env);
  if (!parsed?.country || !countries.includes(parsed.country)) {
    return `Links are texted only to numbers of the countries this service serves (${countries.join(", ")})${parsed?.country ? `, not ${parsed.country}` : ""}`;
  }
  const type = parsed.getType();
  if (!parsed.isValid() || !type || !TEXTABLE.has(type)) {
    return `Links are texted only to mobile numbers: ${phone} is ${type ? `a ${type.toLowerCase().replace(/_/g, "-")} number` : "not a number in use"} in ${parsed.country}`;
  }
  return null;
}
