import { isAllowedAuthHost } from "./allowed-hosts";
import { PUBLIC_ORIGIN_SETTING } from "@/lib/core/domain/public-base-url";
import { mailLinkBase } from "./public-origin";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, matchLocale, type Locale } from "@/lib/core/i18n/locales";

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
 * The language for an account mail. `headers`: those of the request the caller serves, when it has
 * them (better-auth's hooks are handed the request over HTTP: its headers); without, a server
 * action's own request headers (next/headers). When neither names a language we offer (a script,
 * a background send), `fallback` chooses from what the data says (the merchant's default
 * language); only when that is unset too does the platform's default language apply.
 */
export async function mailLocale(headers?: HeaderSource | null, fallback?: () => Promise<string | null | undefined>): Promise<Locale> {
  headers ??= await currentRequestHeaders();
  const fromRequest = headers ? knownLocaleOfHeaders(headers) : null;
  if (fromRequest) return fromRequest;
  const fromData = await fallback?.();
  return isLocale(fromData ?? undefined) ? (fromData as Locale) : DEFAULT_LOCALE;
}

/**
 * The site's origin for links in mails: BETTER_AUTH_URL, the only source in production (where a
 * server cannot start without it: lib/surfaces/config/production-settings.ts). Outside production, without
 * it, the request's (or the server action's) own, but only a host of BETTER_AUTH_ALLOWED_HOSTS: a
 * Host header is whatever the client sent, and an inviter could send the invitee to a site of
 * their own. `asked`: the address of the request the caller serves (better-auth's hooks read it off
 * theirs), else a server action's own headers are read.
 */
export async function mailOrigin(asked?: { host: string; origin: string } | null): Promise<string> {
  const configured = mailLinkBase();
  if (configured) return configured;
  const notAllowed = () => new Error(`Set ${PUBLIC_ORIGIN_SETTING}: this request's host is not one account mails may point at`);
  if (asked) {
    if (!isAllowedAuthHost(asked.host)) throw notAllowed();
    return asked.origin;
  }
  const h = await currentRequestHeaders();
  const host = h?.get("x-forwarded-host") ?? h?.get("host");
  const proto = h?.get("x-forwarded-proto") ?? "http";
  if (!host) return "";
  if (!isAllowedAuthHost(host)) throw notAllowed();
  return `${proto.split(",")[0].trim() === "https" ? "https" : "http"}://${host}`;
}
