import Link from "next/link";
import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import { CountrySelect } from "@/components/dashboard/country-select";
import { preselectCountry } from "@/lib/features/checkout/preselect-country";
import { SERVED_COUNTRIES } from "@/lib/core/domain/served-countries";
import { dashboardRedirectTarget } from "@/lib/features/auth/redirect-target";
import { signUpAction } from "../actions";
import { AuthError, AuthHeader } from "../auth-header";

export const metadata = { title: "Sign up" };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ error?: string; next?: string; email?: string }> }) {
  const [t, ta, locale] = await Promise.all([getTranslations("auth"), getTranslations("activation"), getLocale()]);
  const { error, next, email } = await searchParams;
  const target = dashboardRedirectTarget(next);
  // The business country, guessed from the browser's region ("fr-SN"): the checkout's own rule.
  const guessedCountry = preselectCountry({ available: SERVED_COUNTRIES, acceptLanguage: (await headers()).get("accept-language") });
  return (
    <>
      <AuthHeader title={t("signUp.title")} redirect="/dashboard/sign-up" />
      <form action={signUpAction} className="auth-form">
        <input type="hidden" name="next" value={target} />
        <label htmlFor="name">{t("fields.name")}</label>
        <input id="name" name="name" autoComplete="name" required />
        {/* An invited person joins a team: no business of their own to name. */}
        {target === "/dashboard" && (
          <>
            <label htmlFor="businessName">{t("fields.businessName")}</label>
            <input id="businessName" name="businessName" autoComplete="organization" required />
            <label htmlFor="businessCountry">{ta("country.label")}</label>
            <CountrySelect id="businessCountry" name="businessCountry" locale={locale} defaultValue={guessedCountry} required describedBy="country-hint" />
            <p id="country-hint" className="auth-hint">
              {ta("country.hint")}
            </p>
          </>
        )}
        <label htmlFor="email">{t("fields.email")}</label>
        <input id="email" name="email" type="email" autoComplete="email" defaultValue={email} required />
        <label htmlFor="password">{t("fields.password")}</label>
        <input id="password" name="password" type="password" autoComplete="new-password" minLength={10} required aria-describedby="password-hint" />
        <p id="password-hint" className="auth-hint">
          {t("passwordHint")}
        </p>
        <AuthError error={error} />
        <button type="submit">{t("signUp.submit")}</button>
      </form>
      <p className="auth-links">
        <span>
          {t("signUp.haveAccount")} <Link href={`/dashboard/sign-in?next=${encodeURIComponent(target)}`}>{t("signUp.signIn")}</Link>
        </span>
      </p>
    </>
  );
}
