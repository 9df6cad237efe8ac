import { createHash, randomBytes } from "node:crypto";

// The hosted checkout's session token. The link reference is public (it is in the QR code), so
// without it anyone could replace a customer's live attempt and have the customer's approval on
// the phone land on an attempt nobody waits for. Starting an attempt sets the token in an
// http-only cookie (lib/surfaces/checkout/checkout-cookie.ts); while that attempt is live, only a
// request carrying the same token may replace it. Only the token's hash is stored, on the attempt.

export function newCheckoutToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashCheckoutToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Whether `token` is the session that started `attempt` (false without a token, or for an attempt no session started). */
export function startedBy(attempt: { checkoutTokenHash: string | null } | null | undefined, token: string | null): boolean {
  return !!attempt?.checkoutTokenHash && token !== null && hashCheckoutToken(token) === attempt.checkoutTokenHash;
}
