import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import { SERVED_COUNTRIES } from "@/lib/core/domain/served-countries";
import { preselectCountry } from "@/lib/features/checkout/preselect-country";
import { CountrySelect } from "./country-select";

/**
 * The new business's country (sign-up, and opening a business from /dashboard/start), guessed from
 * the browser's region ("fr-SN") by the checkout's own rule: where local numbers are read.
 */
export async function BusinessCountryField() {
  const [t, locale, requestHeaders] = await Promise.all([getTranslations("activation"), getLocale(), headers()]);
  const guessed = preselectCountry({ available: SERVED_COUNTRIES, acceptLanguage: requestHeaders.get("accept-language") });
  return (
    <>
      <label htmlFor="businessCountry">{t("country.label")}</label>
      <CountrySelect id="businessCountry" name="businessCountry" locale={locale} defaultValue={guessed} required describedBy="country-hint" />
      <p id="country-hint" className="auth-hint">
        {t("country.hint")}
      </p>
    </>
  );
}
