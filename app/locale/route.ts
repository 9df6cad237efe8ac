// POST /locale - the visitor's language choice (a cookie), then back to the page they were on
import { sameOriginPath } from "@/lib/core/domain/same-origin-path";
import { readFormBody } from "@/lib/surfaces/http/read-form-body";
import { isLocale, LOCALE_COOKIE } from "@/lib/core/i18n/locales";

export async function POST(request: Request) {
  // Too large or undecodable is as good as empty: back to a page of the site, language unchanged.
  const form = await readFormBody(request).catch(() => ({}) as Record<string, string>);
  const locale = form.locale;
  // The form names the page to return to; anything that would leave this site goes to "/".
  const headers = new Headers({ location: sameOriginPath(form.redirect), "cache-control": "no-store" });
  if (typeof locale === "string" && isLocale(locale)) {
    headers.append("set-cookie", `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`);
  }
  return new Response(null, { status: 303, headers });
}
