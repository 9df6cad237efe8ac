import { configuredPublicOrigin } from "@/lib/core/domain/public-base-url";

// A mailed reset link lands, through better-auth's /api/auth/reset-password/<token>, on
// RESET_PAGE?token=<token>. Left in the address bar, the token would go out as the Referer of the
// page's own asset requests (Referrer-Policy: same-origin, kept for the forms' sake: see
// COMMON_SECURITY_HEADERS) into access logs, and stay in the browser's history. So that landing
// is answered, before any page, with a 303 to RESET_PAGE without the query and the token in a
// short-lived HttpOnly cookie scoped to that page: the page reads it from there and its form's post
// (to the same path) carries it back. Works without JavaScript. The cookie goes once the password
// is reset or the token is refused.

export const RESET_PAGE = "/dashboard/reset-password";
export const RESET_TOKEN_COOKIE = "pcs_reset_token";
// better-auth's reset tokens last an hour; the page is for filling in one field.
const KEPT_SECONDS = 30 * 60;

export function resetTokenCookieOptions() {
  return { httpOnly: true, sameSite: "lax" as const, path: RESET_PAGE, maxAge: KEPT_SECONDS, secure: configuredPublicOrigin()?.startsWith("https:") ?? false };
}

/** The cookie's Set-Cookie header: `token`, or empty and expired to remove it. */
function setCookieHeader(token: string | null) {
  const options = resetTokenCookieOptions();
  const age = token === null ? "Max-Age=0" : `Max-Age=${options.maxAge}`;
  return `${RESET_TOKEN_COOKIE}=${token ?? ""}; Path=${options.path}; ${age}; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`;
}

/**
 * The answer to a reset link's landing (RESET_PAGE with ?token=): the 303 that takes the token out
 * of the address, with `Referrer-Policy: no-referrer` since this answer's own URL holds it. Null
 * for any other request (a form's post keeps its way to the page's action).
 */
export function resetLinkLanding(method: string, url: URL): Response | null {
  if ((method !== "GET" && method !== "HEAD") || url.pathname !== RESET_PAGE || !url.searchParams.has("token")) return null;
  const token = url.searchParams.get("token") ?? "";
  const rest = new URLSearchParams(url.searchParams);
  rest.delete("token");
  // Absolute: Next's proxy refuses a relative Location ("Invalid URL", a bare 500 in production).
  const location = new URL(`${RESET_PAGE}${rest.size ? `?${rest}` : ""}`, url).toString();
  const headers = new Headers({ location, "referrer-policy": "no-referrer", "cache-control": "no-store" });
  // A token that cannot be one (empty, or longer than better-auth's) is not kept: the page says the link is not valid.
  headers.append("set-cookie", setCookieHeader(/^[A-Za-z0-9_-]{1,128}$/.test(token) ? token : null));
  return new Response(null, { status: 303, headers });
}
