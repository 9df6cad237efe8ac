import { cookies } from "next/headers";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { RESET_PAGE, RESET_TOKEN_COOKIE } from "@/lib/features/auth/reset-link";
import { resetPasswordAction } from "../actions";
import { AuthError, AuthHeader } from "../auth-header";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("resetPassword");

// The mailed link goes through better-auth (/api/auth/reset-password/<token>), which checks the
// token and lands here with ?token= (which proxy.ts turns into a cookie of this page, off the
// address: lib/features/auth/reset-link.ts), or with ?error=INVALID_TOKEN. The token never appears
// in the page: the form's post carries the cookie back.
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ error?: string }> }) {
  const t = await getTranslations("auth");
  const { error } = await searchParams;
  const token = (await cookies()).get(RESET_TOKEN_COOKIE)?.value;
  return (
    <>
      <AuthHeader title={t("resetPassword.title")} redirect={RESET_PAGE} />
      {token ? (
        <form action={resetPasswordAction} className="auth-form">
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
