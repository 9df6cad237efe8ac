import { DIAL_CODES } from "./dial-codes";

/** The countries the service serves (those our gateways reach), for country pickers. */
export const SERVED_COUNTRIES = Object.keys(DIAL_CODES);

export function isServedCountry(code: string): boolean {
  return code in DIAL_CODES;
}
