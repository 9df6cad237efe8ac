import { createHash, randomBytes } from "node:crypto";
import { pathPrefix, type Environment } from "@/lib/core/domain/environment";

// The hosted checkout's session token. The link reference is public (it is in the QR code), so
// without it anyone could replace a customer's live attempt and have the customer's approval on
// the phone land on an attempt nobody waits for. Starting an attempt sets the token in an
// http-only cookie; while that attempt is live, only a request carrying the same token may
// replace it. Only the token's hash is stored, on the attempt.

export const CHECKOUT_COOKIE = "pcs_checkout";
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
// Longer than any attempt lives (15 minutes at most): the token only matters while one is live.
const MAX_AGE_SECONDS = 24 * 60 * 60;

/** The token the request carries, or null when it has none (or a malformed one). */
export function readCheckoutToken(request: { headers: Headers }): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === CHECKOUT_COOKIE && TOKEN.test(value.join("="))) return value.join("=");
  }
  return null;
}

export function newCheckoutToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashCheckoutToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The Set-Cookie value: scoped to the link's checkout endpoints (where the page's island sends
 * it; a reload keeps it), http-only, SameSite=Lax, Secure over HTTPS.
 */
export function checkoutCookie(token: string, options: { reference: string; environment: Environment; secure: boolean }): string {
  const path = `${pathPrefix(options.environment)}/api/checkout/${options.reference}`;
  return `${CHECKOUT_COOKIE}=${token}; Path=${path}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`;
}

/**
 * The same token for the checkout page and its forms (app/pay/[reference], .../form): a checkout
 * without JavaScript starts attempts through the page's forms, and the page must know the attempt
 * is this customer's own. Set with checkoutCookie (same token), so the island's API calls after a
 * later hydration carry it too.
 */
export function checkoutPageCookie(token: string, options: { reference: string; environment: Environment; secure: boolean }): string {
  const path = `${pathPrefix(options.environment)}/pay/${options.reference}`;
  return `${CHECKOUT_COOKIE}=${token}; Path=${path}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`;
}
