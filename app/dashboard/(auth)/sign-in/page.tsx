import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { getDashboardSession } from "@/lib/features/auth/dashboard-session";
import { dashboardRedirectTarget } from "@/lib/features/auth/redirect-target";
import { signInAction, verifyTotpAction } from "../actions";
import { AuthError, AuthHeader } from "../auth-header";
import { pageTitle } from "@/components/page-title";
import { SecondFactorFields } from "@/components/dashboard/second-factor-fields";

export const generateMetadata = pageTitle("signIn");

type Params = { error?: string; wait?: string; next?: string; step?: string; notice?: string };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Params> }) {
  const t = await getTranslations("auth");
  const { error, wait, next, step, notice } = await searchParams;
  const target = dashboardRedirectTarget(next);
  // Already signed in (with or without a merchant): on to the page; the dashboard sends a person
  // without a merchant to their invitations rather than back here.
  if (await getDashboardSession()) redirect(target);

  if (step === "two-factor") {
    return (
      <>
        <AuthHeader title={t("signIn.twoFactorTitle")} redirect="/dashboard/sign-in" />
        <form action={verifyTotpAction} className="auth-form">
          <input type="hidden" name="next" value={target} />
          <p className="auth-hint">{t("signIn.twoFactorHelp")}</p>
          <SecondFactorFields labels={{ code: t("fields.code"), lostPhone: t("signIn.lostPhone"), backupCode: t("signIn.backupCode") }} autoFocus />
          <AuthError error={error} />
          <button type="submit">{t("signIn.verify")}</button>
        </form>
      </>
    );
  }

  return (
    <>
      <AuthHeader title={t("signIn.title")} redirect="/dashboard/sign-in" />
      {notice === "reset" && <p className="auth-notice">{t("signIn.reset")}</p>}
      <form action={signInAction} className="auth-form">
        <input type="hidden" name="next" value={target} />
        <label htmlFor="email">{t("fields.email")}</label>
        <input id="email" name="email" type="email" autoComplete="username" required />
        <label htmlFor="password">{t("fields.password")}</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
        <AuthError error={error} wait={wait} />
        <button type="submit">{t("signIn.submit")}</button>
      </form>
      <p className="auth-links">
        <Link href="/dashboard/forgot-password">{t("signIn.forgot")}</Link>
        <span>
          {t("signIn.noAccount")} <Link href={`/dashboard/sign-up?next=${encodeURIComponent(target)}`}>{t("signIn.signUp")}</Link>
        </span>
      </p>
    </>
  );
}
