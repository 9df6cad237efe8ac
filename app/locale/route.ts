// POST /locale - the visitor's language choice (a cookie), then back to the page they were on
import { isLocale, LOCALE_COOKIE } from "@/lib/i18n/locales";

export async function POST(request: Request) {
  const form = await request.formData().catch(() => null);
  const locale = form?.get("locale");
  const back = String(form?.get("redirect") ?? "/");
  // Only a path on this site: never an open redirect.
  const target = back.startsWith("/") && !back.startsWith("//") && !back.includes("\\") ? back : "/";
  const headers = new Headers({ location: target, "cache-control": "no-store" });
  if (typeof locale === "string" && isLocale(locale)) {
    headers.append("set-cookie", `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`);
  }
  return new Response(null, { status: 303, headers });
}
