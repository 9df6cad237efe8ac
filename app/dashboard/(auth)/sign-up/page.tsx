import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { BusinessCountryField } from "@/components/dashboard/business-country-field";
import { dashboardRedirectTarget } from "@/lib/features/auth/redirect-target";
import { signUpAction } from "../actions";
import { AuthError, AuthHeader } from "../auth-header";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("signUp");

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ error?: string; next?: string; email?: string }> }) {
  const t = await getTranslations("auth");
  const { error, next, email } = await searchParams;
  const target = dashboardRedirectTarget(next);
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
            <BusinessCountryField />
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
