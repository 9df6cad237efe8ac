import { parsePhoneNumberFromString } from "libphonenumber-js";

// A stored number (E.164, "+2250700000111") as people write it: "+225 07 00 00 01 11". The
// country code apart, then the national digits in the groups of that country, from
// libphonenumber-js's formats ("+221 77 123 45 67", "+237 6 71 23 45 67"). Côte d'Ivoire is the
// exception: its ten-digit numbers are written and read aloud in pairs ("07 00 00 01 11", as the
// operators and ARTCI print them), where the library's format ends in a group of four
// ("07 00 00 0111"). What cannot be read as a number is shown as it is.

/** Countries whose national numbers are written in pairs, whatever the library groups. */
const IN_PAIRS = new Set(["CI"]);

const pairs = (digits: string) => digits.match(/\d{1,2}/g)?.join(" ") ?? digits;

/** The number grouped for reading ("+225 07 00 00 01 11"); the text unchanged when it is no number. */
export function formatPhone(phone: string): string;
export function formatPhone(phone: string | null | undefined): string | null;
export function formatPhone(phone: string | null | undefined): string | null {
  if (!phone) return phone ?? null;
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed) return phone;
  if (parsed.country && IN_PAIRS.has(parsed.country)) return `+${parsed.countryCallingCode} ${pairs(parsed.nationalNumber)}`;
  return parsed.formatInternational();
}
