import { ApiError } from "@/lib/core/errors/api-error";
import { MAX_BODY_BYTES, readBodyText } from "./read-body-text";
import { findUnstorableText, UNSTORABLE_TEXT_RULE } from "@/lib/core/request/storable-text";
import { fieldError } from "@/lib/core/errors/validation-errors";

/**
 * Reads the body (read-body-text.ts) and parses JSON; anything else is the spec's 40016 or a 413,
 * and text the database cannot store is the field's error (lib/core/request/storable-text.ts).
 */
export async function readJsonBody(request: Request, maxBytes = MAX_BODY_BYTES, read?: Uint8Array): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\s*(;|$)/i.test(type)) {
    throw new ApiError(40016, { details: "Content-Type must be application/json" });
  }
  const text = await readBodyText(request, maxBytes, read);
  if (!text.trim()) throw new ApiError(40016, { details: "the body is empty" });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ApiError(40016, { details: (error as Error).message });
  }
  const unstorable = findUnstorableText(value);
  if (unstorable) throw fieldError(unstorable, UNSTORABLE_TEXT_RULE, { rule: "unstorable" });
  return value;
}
