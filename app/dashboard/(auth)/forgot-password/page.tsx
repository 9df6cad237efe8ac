import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { forgotPasswordAction } from "../actions";
import { AuthError, AuthHeader } from "../auth-header";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("forgotPassword");

export default async function ForgotPasswordPage({ searchParams }: { searchParams: Promise<{ error?: string; sent?: string }> }) {
  const t = await getTranslations("auth");
  const { error, sent } = await searchParams;
  return (
    <>
      <AuthHeader title={t("forgotPassword.title")} redirect="/dashboard/forgot-password" />
      {sent ? (
        <p className="auth-notice" role="status">
          {t("forgotPassword.sent")}
        </p>
      ) : (
        <form action={forgotPasswordAction} className="auth-form">
          <p className="auth-hint">{t("forgotPassword.intro")}</p>
          <label htmlFor="email">{t("fields.email")}</label>
          <input id="email" name="email" type="email" autoComplete="email" required />
          <AuthError error={error} />
          <button type="submit">{t("forgotPassword.submit")}</button>
        </form>
      )}
      <p className="auth-links">
        <Link href="/dashboard/sign-in">{t("signUp.signIn")}</Link>
      </p>
    </>
  );
}
