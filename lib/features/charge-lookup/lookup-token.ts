import { createHmac, timingSafeEqual } from "node:crypto";
import { pathPrefix, type Environment } from "@/lib/core/domain/environment";
import { publicBaseUrl } from "@/lib/core/domain/public-base-url";
import { authSecret } from "@/lib/features/auth/auth-secret";

// What a look-up found, carried from the form's answer to the page without JavaScript: the found
// payments' ids (none: "nothing found") in a short-lived cookie, HttpOnly, scoped to the page,
// signed with the service's secret so no one can name payments they did not find. The address
// bar and the history hold no number, amount or id; the page reads each payment afresh.

export const LOOKUP_COOKIE = "pcs_charge_lookup";
export const LOOKUP_PATH = "/check";
/** Long enough to read the answer, tell the merchant, check a pending payment again. */
const KEPT_SECONDS = 15 * 60;
/** At most this many payments are shown (the newest), each with only its merchant, time and status. */
export const MAX_FOUND = 5;

export type LookupResult = { environment: Environment; ids: string[]; expiresAt: number };

const sign = (payload: string) => createHmac("sha256", authSecret()).update(`charge-lookup\n${payload}`).digest("base64url");

export function lookupTokenOf(environment: Environment, ids: string[], now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ e: environment, i: ids.slice(0, MAX_FOUND), x: now + KEPT_SECONDS * 1000 })).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

/** The result a token names, or null when it is absent, forged, expired or of another environment. */
export function readLookupToken(token: string | null | undefined, environment: Environment, now = Date.now()): LookupResult | null {
  const [payload, signature, ...rest] = (token ?? "").split(".");
  if (!payload || !signature || rest.length) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { e?: unknown; i?: unknown; x?: unknown };
    if (data.e !== environment || typeof data.x !== "number" || data.x <= now) return null;
    if (!Array.isArray(data.i) || !data.i.every((id) => typeof id === "string")) return null;
    return { environment, ids: (data.i as string[]).slice(0, MAX_FOUND), expiresAt: data.x };
  } catch {
    return null;
  }
}

/** The page's address in an environment (/check, /test/check). */
export const lookupPagePath = (environment: Environment) => `${pathPrefix(environment)}${LOOKUP_PATH}`;

/** The page's public URL, on PAYMENT_BASE_URL as payment links are (receipts' mails, posters). */
export const lookupUrl = (environment: Environment, origin: string) => `${publicBaseUrl(origin)}${lookupPagePath(environment)}`;

/** The Set-Cookie value carrying a token to the page (and its form). */
export function lookupCookie(token: string, options: { environment: Environment; secure: boolean }): string {
  return `${LOOKUP_COOKIE}=${token}; Path=${lookupPagePath(options.environment)}; Max-Age=${KEPT_SECONDS}; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`;
}

/** The token a request's cookies carry, if any. */
export function lookupTokenFromCookies(cookieHeader: string | null): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === LOOKUP_COOKIE) return value.join("=");
  }
  return null;
}
