// What of a merchant's own words may go into a text the service pays for and signs with its
// sender id. The SMS carries one link, ours: a merchant's name or a link's description must not
// add another link, a number to call back, or characters that reorder or hide text on a handset
// (a phishing text under our sender id). So, as card networks do with statement descriptors
// (Stripe refuses URLs-only and reserved characters there): control and format characters
// (bidi overrides, zero-width) become spaces, URL-like and e-mail-like tokens and phone-like
// digit runs are dropped, and what remains is cut to a bound. The e-mail keeps the full text:
// its only action is our button, and its HTML is escaped.

const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
// scheme://..., www...., and bare host names ending in a letter TLD (pay-here.com/x, evil.co).
const URL_LIKE = /\b(?:[a-z][a-z0-9+.-]*:\/\/\S*|www\.\S*|(?:[a-z0-9-]+\.)+[a-z]{2,}(?:[/:?#]\S*)?)/giu;
const EMAIL_LIKE = /\S+@\S+/gu;
// Six digits or more, spaces, dots, dashes and brackets allowed between them, a leading + too.
const PHONE_LIKE = /\+?\d(?:[\s.\-()/]*\d){5,}/gu;

export function smsSafeText(text: string, max: number): string {
  const cleaned = text
    .normalize("NFKC")
    .replace(CONTROL_OR_FORMAT, " ")
    .replace(EMAIL_LIKE, " ")
    .replace(URL_LIKE, " ")
    .replace(PHONE_LIKE, " ")
    .replace(/\s+/gu, " ")
    .trim();
  const chars = [...cleaned];
  return chars.length > max ? `${chars.slice(0, max - 1).join("").trimEnd()}…` : cleaned;
}

/**
 * An SMS's text with plain spaces for the no-break ones French typography and amounts carry
 * ("5 000 F CFA", "Montant :"): they are outside the GSM alphabet, and one of them would send the
 * whole text in UCS-2, 70 characters a part instead of 160.
 */
export const gsmSpaces = (text: string): string => text.replace(/[\u00a0\u202f]/g, " ");
