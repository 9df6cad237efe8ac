import { isLocale, LOCALE_COOKIE, negotiateLocale, type Locale } from "@/lib/i18n/locales";

type HeaderSource = { get(name: string): string | null };

/** The language of the person behind a request, as the pages choose it: the cookie, else Accept-Language. */
export function localeOfHeaders(headers: HeaderSource): Locale {
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === LOCALE_COOKIE && isLocale(value.join("="))) return value.join("=") as Locale;
  }
  return negotiateLocale(headers.get("accept-language"));
}

/**
 * The reader's language for a mail. better-auth passes the Request when called over HTTP; a server
 * action calls it with headers only, and those are the action's own request headers (next/headers).
 */
export async function mailLocale(request?: Request | null): Promise<Locale> {
  if (request) return localeOfHeaders(request.headers);
  try {
    const { headers } = await import("next/headers");
    return localeOfHeaders(await headers());
  } catch {
    // Outside a request (a script): the default language.
    return negotiateLocale(null);
  }
}

/** The site's origin for links in mails: BETTER_AUTH_URL, else the request's (or the server action's) own. */
export async function mailOrigin(request?: Request | null): Promise<string> {
  const configured = process.env.BETTER_AUTH_URL?.trim();
  if (configured) return configured.replace(/\/+$/, "");
  if (request) return new URL(request.url).origin;
  try {
    const { headers } = await import("next/headers");
    const h = await headers();
    const host = h.get("x-forwarded-host") ?? h.get("host");
    const proto = h.get("x-forwarded-proto") ?? "http";
    return host ? `${proto.split(",")[0].trim()}://${host}` : "";
  } catch {
    return "";
  }
}
