import { isAllowedAuthHost } from "./allowed-hosts";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, matchLocale, type Locale } from "@/lib/i18n/locales";

type HeaderSource = { get(name: string): string | null };

/** The language a request names (the locale cookie, else Accept-Language), or null when it names none we offer. */
export function knownLocaleOfHeaders(headers: HeaderSource): Locale | null {
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === LOCALE_COOKIE && isLocale(value.join("="))) return value.join("=") as Locale;
  }
  return matchLocale(headers.get("accept-language"));
}

/** The language of the person behind a request, as the pages choose it: the cookie, else Accept-Language, else the default. */
export function localeOfHeaders(headers: HeaderSource): Locale {
  return knownLocaleOfHeaders(headers) ?? DEFAULT_LOCALE;
}

/** The headers of the request being served (a server action's own through next/headers), or null outside any. */
async function currentRequestHeaders(): Promise<HeaderSource | null> {
  try {
    const { headers } = await import("next/headers");
    return await headers();
  } catch {
    return null;
  }
}

/**
 * The language for an account mail. better-auth passes the Request when called over HTTP; a server
 * action calls it with headers only, and those are the action's own request headers (next/headers).
 * When neither names a language we offer (a script, a background send), `fallback` chooses from
 * what the data says (the merchant's default language); only when that is unset too does the
 * platform's default language apply.
 */
export async function mailLocale(request?: Request | null, fallback?: () => Promise<string | null | undefined>): Promise<Locale> {
  const headers = request?.headers ?? (await currentRequestHeaders());
  const fromRequest = headers ? knownLocaleOfHeaders(headers) : null;
  if (fromRequest) return fromRequest;
  const fromData = await fallback?.();
  return isLocale(fromData ?? undefined) ? (fromData as Locale) : DEFAULT_LOCALE;
}

/** The site's origin for links in mails: BETTER_AUTH_URL, else the request's (or the server action's) own. */
export async function mailOrigin(request?: Request | null): Promise<string> {
  const configured = process.env.BETTER_AUTH_URL?.trim();
  if (configured) return configured.replace(/\/+$/, "");
  if (request) return new URL(request.url).origin;
  const h = await currentRequestHeaders();
  const host = h?.get("x-forwarded-host") ?? h?.get("host");
  const proto = h?.get("x-forwarded-proto") ?? "http";
  // A server action's Host is whatever the browser sent: only a listed host may go into a link
  // mailed to someone else, or an inviter could send the invitee to a site of their own.
  if (!host) return "";
  if (!isAllowedAuthHost(host)) throw new Error("Set BETTER_AUTH_URL: this request's host is not one account mails may point at");
  return `${proto.split(",")[0].trim() === "https" ? "https" : "http"}://${host}`;
}
