import { pathPrefix, type Environment } from "@/lib/core/domain/environment";

// The checkout session token's cookie (the token itself: lib/features/checkout/checkout-session.ts).
// Starting an attempt sets it, http-only; the checkout's endpoints, page and forms read it back
// and hand the features the token alone.

export const CHECKOUT_COOKIE = "pcs_checkout";
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
// Longer than any attempt lives (15 minutes at most): the token only matters while one is live.
const MAX_AGE_SECONDS = 24 * 60 * 60;

/** The token the request carries, or null when it has none (or a malformed one). */
export function readCheckoutToken(request: { headers: Pick<Headers, "get"> }): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === CHECKOUT_COOKIE && TOKEN.test(value.join("="))) return value.join("=");
  }
  return null;
}

type CookieOptions = { reference: string; environment: Environment; secure: boolean };

const cookie = (token: string, path: string, secure: boolean) =>
  `${CHECKOUT_COOKIE}=${token}; Path=${path}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;

/**
 * The Set-Cookie value: scoped to the link's checkout endpoints (where the page's island sends
 * it; a reload keeps it), http-only, SameSite=Lax, Secure over HTTPS.
 */
export function checkoutCookie(token: string, options: CookieOptions): string {
  return cookie(token, `${pathPrefix(options.environment)}/api/checkout/${options.reference}`, options.secure);
}

/**
 * The same token for the checkout page and its forms (app/pay/[reference], .../form): a checkout
 * without JavaScript starts attempts through the page's forms, and the page must know the attempt
 * is this customer's own. Set with checkoutCookie (same token), so the island's API calls after a
 * later hydration carry it too.
 */
export function checkoutPageCookie(token: string, options: CookieOptions): string {
  return cookie(token, `${pathPrefix(options.environment)}/pay/${options.reference}`, options.secure);
}
