// The one-time token of a form that moves money (the dashboard's withdrawal and refund, support's
// decisions): drawn when the form is drawn, sent back with it (a hidden field, or the support
// view's Idempotency-Key header), and used as that submission's idempotency key
// (lib/surfaces/http/form-idempotency.ts). The same form sent twice (a double tap, a resubmit on a
// slow network, back then submit again) carries the same token, so it is done once.
//
// Pure and free of Node's crypto: the support view's pages draw theirs in the browser, where Web
// Crypto's getRandomValues exists also outside secure contexts (randomUUID does not).

/** The field a dashboard form carries it in. */
export const FORM_TOKEN_FIELD = "formToken";

const FORM_TOKEN = /^[0-9a-f]{32}$/;

/** A new token: 128 random bits as 32 lowercase hex digits. */
export function newFormToken(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether `value` is a token as newFormToken draws them: anything else (absent, empty, another shape) is no token. */
export function isFormToken(value: unknown): value is string {
  return typeof value === "string" && FORM_TOKEN.test(value);
}
