import { pathPrefix, type Environment } from "@/lib/core/domain/environment";

// The number a customer typed, shown again when the phone step comes back with an error (an invalid
// number, "too many", another checkout's payment in progress), without JavaScript. It used to ride
// in the page's address (`&national=0700000444`), so into the browser's history, access logs and
// any Referer. Now the form's answer (app/pay/[reference]/form) puts it in a short-lived cookie,
// HttpOnly and SameSite=Lax, scoped to the link's page, and the page reads it from there (issue 46).

export const TYPED_PHONE_COOKIE = "pcs_checkout_phone";
// Long enough to read the error and correct the number; the cookie is forgotten once an attempt starts.
const KEPT_SECONDS = 10 * 60;

/** What is kept of a typed number: its digits and a leading "+", 20 at most (as the field shows it). */
const kept = (typed: string) => typed.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "").slice(0, 20);

/** The Set-Cookie value keeping `typed`, or removing the cookie when it is empty. */
export function typedPhoneCookie(typed: string, options: { reference: string; environment: Environment; secure: boolean }): string {
  const value = kept(typed);
  const path = `${pathPrefix(options.environment)}/pay/${options.reference}`;
  return `${TYPED_PHONE_COOKIE}=${value}; Path=${path}; Max-Age=${value ? KEPT_SECONDS : 0}; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`;
}

/**
 * The number the phone step's field starts with: the one kept in the cookie, when the page shows
 * the phone step again after an error (the only way the form's answer leads there with one);
 * empty otherwise, so "use another number" starts blank.
 */
export function typedPhoneToShow(query: { step: string | null; error: string | null }, headers: Pick<Headers, "get">): string {
  if (query.step !== "phone" || !query.error) return "";
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === TYPED_PHONE_COOKIE) return kept(value.join("="));
  }
  return "";
}
