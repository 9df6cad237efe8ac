import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { getSessionMember } from "@/lib/features/auth/session-member";
import { mailsCannotLeave, mailsKeptInOutbox } from "@/lib/integrations/mail/outbox";
import { resendVerificationAction } from "../actions";
import { AuthError, AuthHeader } from "../auth-header";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("verifyEmail");

// Shown after sign-up, and where a refused verification link lands (?error=INVALID_TOKEN from
// better-auth). A valid link signs in and goes on to the dashboard.
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ email?: string; error?: string; resent?: string }> }) {
  if (await getSessionMember()) redirect("/dashboard");
  const [t, f] = await Promise.all([getTranslations("auth"), getTranslations("firstSteps")]);
  const { email, error, resent } = await searchParams;
  const known = error === "unverified" || error === "missing" || error === "tooMany";
  return (
    <>
      <AuthHeader title={t("verifyEmail.title")} redirect="/dashboard/verify-email" />
      {/* A production server with no mail transport: no mail left, and none will; say so, and who can help. */}
      {mailsCannotLeave() ? (
        <p className="auth-error" role="alert" data-testid="no-mail">
          {t("verifyEmail.noMail")}
        </p>
      ) : (
        <p>{email ? t("verifyEmail.sent", { email }) : t("verifyEmail.sentNoEmail")}</p>
      )}
      {error && <AuthError error={known ? error : "invalidToken"} />}
      {resent && <p className="auth-notice">{t("verifyEmail.resent")}</p>}
      {/* In development without SMTP_URL the mail never leaves: it waits in the outbox page. */}
      {mailsKeptInOutbox() ? (
        <p className="auth-hint" data-testid="dev-mail">
          {f("devMail")} <a href={email ? `/dev/outbox?to=${encodeURIComponent(email)}` : "/dev/outbox"}>{f("devMailLink")}</a>
        </p>
      ) : null}
      {/* Sending again is pointless when no mail can leave. */}
      {mailsCannotLeave() ? null : (
        <form action={resendVerificationAction} className="auth-form">
          <label htmlFor="email">{t("fields.email")}</label>
          <input id="email" name="email" type="email" autoComplete="email" defaultValue={email} required />
          <button type="submit">{t("verifyEmail.resend")}</button>
        </form>
      )}
    </>
  );
}
