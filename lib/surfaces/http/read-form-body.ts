import { MAX_BODY_BYTES, readBodyText } from "./read-body-text";
import { checkFieldsText } from "@/lib/core/request/storable-text";

/**
 * An application/x-www-form-urlencoded body (what an HTML form without JavaScript posts) as
 * field -> value, the last of repeated fields winning as in JSON. Held to the JSON bodies' rules:
 * the same size limit (or a smaller one: the customer's forms take 8 KiB), and no text the
 * database cannot store ("%00" decodes to U+0000).
 */
export async function readFormBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Record<string, string>> {
  const fields = new URLSearchParams(await readBodyText(request, maxBytes));
  checkFieldsText(fields);
  // fromEntries defines own properties, so a field named __proto__ is a field, not a prototype.
  return Object.fromEntries(fields);
}
