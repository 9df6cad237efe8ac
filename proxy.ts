import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";
import { resetLinkLanding } from "@/lib/features/auth/reset-link";
import { DASHBOARD_PATH_HEADER, isDashboardPage, isPublicDashboardPage } from "@/lib/features/auth/redirect-target";
import { isOutsideProxy } from "@/lib/core/domain/api-trees";
import { environmentFromPath, type Environment } from "@/lib/core/domain/environment";
import { db } from "@/lib/core/db/client";
import { CHECKOUT_REFERENCE_HEADER, ENVIRONMENT_HEADER, NOT_FOUND_PAGE_HEADER } from "@/lib/core/request/environment-header";
import { checkoutLinkExists } from "@/lib/features/checkout/get-checkout-link";
import { isPlausibleReference } from "@/lib/core/domain/references";
import { resolvePageAddress } from "@/lib/features/payment-pages/find-customer-page";
import { apiNotFoundResponse, isDecodablePath, isMisspelledApiPath, malformedPathResponse } from "@/lib/surfaces/http/malformed-path";
import { COMMON_SECURITY_HEADERS, contentSecurityPolicy, HSTS, isApiPath, isNoncePage, newNonce, wantsHsts } from "@/lib/surfaces/http/security-headers";

// Pages: "/test/..." is the sandbox. The prefix is stripped here and the environment passed on
// in a header that is always overwritten, so the path is the only way a client picks it.
// Security headers (a CSP with a fresh nonce on checkout and support pages) are set here too.
//
// The merchant API trees (/api, /public and their sandbox paths under /test: lib/surfaces/api-routes/route-table.ts) stay out of the
// proxy: it cost as much per request as Next.js itself. Their handlers read the environment from
// the path (lib/surfaces/http/request-environment.ts) and next.config.ts gives them their headers. An
// escaped API path still comes here, because Next answers a bare 500 for an undecodable one.
export async function proxy(request: NextRequest) {
  const { environment, pathname } = environmentFromPath(request.nextUrl.pathname);
  if (!isDecodablePath(pathname)) return malformedPathResponse(isApiPath(pathname));
  if (isOutsideProxy(request.nextUrl.pathname)) return NextResponse.next();
  if (isMisspelledApiPath(request.nextUrl.pathname)) return withHeaders(apiNotFoundResponse(request.nextUrl.pathname, request.method), COMMON_SECURITY_HEADERS);
  // A mailed reset link's landing: its token leaves the address before any page is drawn.
  const resetLanding = resetLinkLanding(request.method, request.nextUrl);
  if (resetLanding) return withHeaders(resetLanding, { ...COMMON_SECURITY_HEADERS, "referrer-policy": "no-referrer" });

  // Signed out (no session cookie at all): the dashboard asks to sign in first. Only a cheap check
  // of the cookie's presence; every page still checks the session itself (getSessionMember).
  if (isDashboardPage(pathname) && !isPublicDashboardPage(pathname) && !getSessionCookie(request)) {
    const signIn = new URL("/dashboard/sign-in", request.url);
    // Back to the page as asked, sandbox prefix included (/test/dashboard/... is not /dashboard/...).
    signIn.searchParams.set("next", `${request.nextUrl.pathname}${request.nextUrl.search}`);
    return withHeaders(NextResponse.redirect(signIn), COMMON_SECURITY_HEADERS);
  }

  const headers = new Headers(request.headers);
  headers.set(ENVIRONMENT_HEADER, environment);
  // The checkout page and its receipt (pay/{reference}/receipt).
  const checkoutReference = /^\/pay\/([^/]+)(?:\/receipt)?\/?$/.exec(pathname)?.[1];
  // A payment page, by its reference or its short address (/p/boutique-awa), and what follows (its
  // form's /pay, its QR code): a short address is served as its reference's, the address bar
  // keeping what the customer typed. The page (not what follows) chooses its language as the
  // checkout does: the header names the page.
  const reading = request.method === "GET" || request.method === "HEAD";
  const pageAddress = /^\/p\/([^/]+)(\/.*)?$/.exec(pathname);
  const pageItself = Boolean(pageAddress && (pageAddress[2] ?? "/") === "/");
  // A reference needs no lookup but to tell the page itself unknown; a short address always does.
  const resolved =
    pageAddress && ((pageItself && reading) || !isPlausibleReference(pageAddress[1])) ? await resolvePageAddress(db(), pageAddress[1], environment) : undefined;
  const pageReference = pageItself ? (resolved ?? pageAddress![1]) : undefined;
  const servedPath = pageAddress && resolved && resolved !== pageAddress[1] ? `/p/${resolved}${pageAddress[2] ?? ""}` : pathname;
  if (checkoutReference || pageReference) headers.set(CHECKOUT_REFERENCE_HEADER, (checkoutReference ?? pageReference)!);
  else headers.delete(CHECKOUT_REFERENCE_HEADER);
  if (isDashboardPage(pathname)) headers.set(DASHBOARD_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  else headers.delete(DASHBOARD_PATH_HEADER);

  const responseHeaders: Record<string, string> = { ...COMMON_SECURITY_HEADERS };
  if (wantsHsts(request.nextUrl.protocol, request.headers.get("x-forwarded-proto"))) responseHeaders["strict-transport-security"] = HSTS;
  if (isApiPath(pathname)) {
    responseHeaders["cache-control"] = "no-store";
  } else if (isNoncePage(pathname)) {
    // Next takes the nonce for its scripts from the request's policy header.
    const csp = contentSecurityPolicy(newNonce());
    headers.set("content-security-policy", csp);
    responseHeaders["content-security-policy"] = csp;
  }

  // An unknown checkout reference or payment page: the 404 page drawn on the server
  // (app/not-found.tsx), which a phone without JavaScript can read, reached through an address no
  // route answers.
  //
  // This reads the reference once before the page reads its link again, on purpose: the page's
  // own notFound() cannot replace it. Next 16 (16.4.6) does answer that with status 404, but its
  // HTML is an empty `<html id="__next_error__">` shell, with no lang and the not-found page only
  // in the RSC payload that the scripts draw (vercel/next.js#62228): a blank page without
  // JavaScript. Checked on a production build: GET /sandbox/operator/{unknown} and
  // /docs/guides/{unknown}, whose pages call notFound(), give exactly that shell, while an unknown
  // /pay/{reference} through here gives the localized page. The pages keep their notFound() (and
  // their segments' not-found.tsx) for a link gone between the two reads.
  headers.delete(NOT_FOUND_PAGE_HEADER);
  const unknown = !reading ? null : pageItself && resolved === null ? "page" : await unknownCheckout(checkoutReference, environment);
  let response: NextResponse;
  if (unknown) {
    headers.set(NOT_FOUND_PAGE_HEADER, unknown);
    const url = request.nextUrl.clone();
    url.pathname = `${pathname.replace(/\/$/, "")}/unknown`;
    response = NextResponse.rewrite(url, { request: { headers } });
  } else if (environment === "live" && servedPath === pathname) {
    response = NextResponse.next({ request: { headers } });
  } else {
    const url = request.nextUrl.clone();
    url.pathname = servedPath;
    response = NextResponse.rewrite(url, { request: { headers } });
  }
  for (const [name, value] of Object.entries(responseHeaders)) response.headers.set(name, value);
  return response;
}

/** "checkout" (the header's value) when the checkout's reference names nothing in `environment`, else null. */
async function unknownCheckout(checkoutReference: string | undefined, environment: Environment) {
  return checkoutReference && !(await checkoutLinkExists(db(), checkoutReference, environment)) ? "checkout" : null;
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

// Must stay literal (Next reads it at build time): tests/api/trees.integration.test.ts checks it
// names TREES_OUTSIDE_PROXY (lib/core/domain/api-trees.ts), as isOutsideProxy above does.
export const config = {
  matcher: ["/((?!api/|test/api/|public/|test/public/|_next/static|_next/image|favicon.ico).*)", "/(api|test/api|public|test/public)/(.*%.*)"],
};
