import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { isLocale, LOCALE_COOKIE, negotiateLocale } from "./locales";

// No locale segment in URLs (a paymentUrl must end with its reference): the locale comes from
// the visitor's explicit choice (cookie), else from Accept-Language.
export default getRequestConfig(async () => {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  const locale = isLocale(chosen) ? chosen : negotiateLocale((await headers()).get("accept-language"));
  return { locale, messages: (await import(`../../messages/${locale}.json`)).default, timeZone: "UTC" };
});
