// Security headers, set by proxy.ts on every answer. Pages get a Content-Security-Policy with a
// fresh nonce per request: Next reads the nonce from the request's CSP header and puts it on its
// own scripts, so no inline script runs without it ('strict-dynamic' lets those load the chunks).
// Styles keep 'unsafe-inline': React style attributes need it, and styles cannot run code.
// Relative imports only: next.config.ts loads this file outside the bundler's "@/" alias.
import { isApiTreePath } from "../../core/domain/api-trees";

/** Paths that answer JSON (or Inngest's protocol), never HTML. */
export function isApiPath(pathname: string): boolean {
  return isApiTreePath(pathname) || /^\/sandbox\/operator\/[^/]+\/decision$/.test(pathname);
}

/**
 * Pages rendered per request, which can carry a nonce: checkout, a payment page, the support view, the merchant
 * dashboard and the developer docs (the API reference runs a large third-party bundle: it gets
 * the same strict policy).
 */
export function isNoncePage(pathname: string): boolean {
  return /^\/(pay|p)\/[^/]+\/?$/.test(pathname) || /^\/pay\/[^/]+\/receipt\/?$/.test(pathname) || (/^\/(admin|dashboard|docs)(\/|$)/.test(pathname) && !isApiPath(pathname));
}

export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

export function contentSecurityPolicy(nonce: string, development = process.env.NODE_ENV !== "production"): string {
  return [
    "default-src 'self'",
    // React's dev build evaluates code for its error overlay; never in production.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // The OTP screen must not be framed (clickjacking).
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * HSTS only on answers to HTTPS requests (directly, or as the TLS-terminating proxy reports in
 * X-Forwarded-Proto) of a production build: browsers ignore it over plain HTTP, and sending it
 * from a development machine would pin localhost to HTTPS.
 */
export function wantsHsts(protocol: string, forwardedProto: string | null): boolean {
  const https = protocol === "https:" || forwardedProto?.split(",")[0].trim() === "https";
  return https && process.env.NODE_ENV === "production";
}

export const HSTS = "max-age=63072000; includeSubDomains";

export const COMMON_SECURITY_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  // Nothing of our URLs (a link's reference, a dashboard page) reaches another site. Not
  // no-referrer: under it a browser sends a plain form post with `Origin: null`, and Next refuses
  // such a server action (a bare 500), so every dashboard form sent before its JavaScript runs
  // (a slow phone) failed; same-origin keeps our own origin on our own posts.
  "referrer-policy": "same-origin",
  // For browsers without CSP frame-ancestors, and for pages without a CSP.
  "x-frame-options": "DENY",
};

/** Every answer of the API trees (/api, /public and the same under /test), from next.config.ts or the API lane. */
export const API_TREE_HEADERS: Record<string, string> = { ...COMMON_SECURITY_HEADERS, "cache-control": "no-store" };

/** The nonce of a policy made by contentSecurityPolicy (a page reads it from its request's header), or undefined. */
export function nonceOf(policy: string | null): string | undefined {
  return policy ? /'nonce-([^']+)'/.exec(policy)?.[1] : undefined;
}
