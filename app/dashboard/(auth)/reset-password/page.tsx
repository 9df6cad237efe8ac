import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { resetPasswordAction } from "../actions";
import { AuthError, AuthHeader } from "../auth-header";

export const metadata = { title: "Reset password" };

// The mailed link goes through better-auth (/api/auth/reset-password/<token>), which checks the
// token and lands here with ?token=, or with ?error=INVALID_TOKEN.
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string; error?: string }> }) {
  const t = await getTranslations("auth");
  const { token, error } = await searchParams;
  return (
    <>
      <AuthHeader title={t("resetPassword.title")} redirect="/dashboard/reset-password" />
      {token ? (
        <form action={resetPasswordAction} className="auth-form">
          <input type="hidden" name="token" value={token} />
          <label htmlFor="password">{t("fields.newPassword")}</label>
          <input id="password" name="password" type="password" autoComplete="new-password" minLength={10} required aria-describedby="password-hint" />
          <p id="password-hint" className="auth-hint">
            {t("passwordHint")}
          </p>
          <AuthError error={error} />
          <button type="submit">{t("resetPassword.submit")}</button>
        </form>
      ) : (
        <>
          <AuthError error={error === "missing" ? "missing" : "invalidToken"} />
          <p className="auth-links">
            <Link href="/dashboard/forgot-password">{t("forgotPassword.submit")}</Link>
          </p>
        </>
      )}
    </>
  );
}
