import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { merchantCheckoutLanguage } from "./merchant-checkout-language";
import { CHECKOUT_REFERENCE_HEADER } from "@/lib/core/request/environment-header";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, matchLocale } from "./locales";

// No locale segment in URLs (a paymentUrl must end with its reference): the locale comes from
// the visitor's explicit choice (cookie), else from Accept-Language, else, on a checkout page,
// the merchant's default language (dashboard settings), else French.
export default getRequestConfig(async () => {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  const requestHeaders = await headers();
  const locale = isLocale(chosen)
    ? chosen
    : (matchLocale(requestHeaders.get("accept-language")) ?? (await merchantCheckoutLanguage(requestHeaders.get(CHECKOUT_REFERENCE_HEADER))) ?? DEFAULT_LOCALE);
  return { locale, messages: (await import(`../../../messages/${locale}.json`)).default, timeZone: "UTC" };
});
