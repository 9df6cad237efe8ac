import { isLocale, LOCALE_COOKIE, negotiateLocale, type Locale } from "@/lib/i18n/locales";

/** The language of the person behind a request, as the pages choose it: the cookie, else Accept-Language. */
export function requestLocale(request?: Request | null): Locale {
  if (!request) return negotiateLocale(null);
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === LOCALE_COOKIE && isLocale(value.join("="))) return value.join("=") as Locale;
  }
  return negotiateLocale(request.headers.get("accept-language"));
}
