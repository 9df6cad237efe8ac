import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LocaleSwitch } from "@/components/locale-switch";
import { currentStaffSession } from "@/lib/features/staff/current-staff";
import { retryWait } from "@/lib/core/limits/retry-wait";
import "../support.css";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("supportSignIn", { robots: { index: false } });

type Params = { error?: string; wait?: string; step?: string };

const PASSWORD_ERRORS = { invalid: "invalid", rate: "rate", codes: "codes", expired: "expired" } as const;

// Plain forms: they work before any JavaScript, and the cookies are set by the responses. A right
// password for an account with two-factor sign-in comes back here with ?step=two-factor (and the
// pending step in its cookie) to ask for the app's code or a backup code.
export default async function SupportLogin({ searchParams }: { searchParams: Promise<Params> }) {
  const session = await currentStaffSession();
  if (session) redirect(session.staff.mustChangePassword ? "/admin/password" : "/admin");
  const t = await getTranslations("support.login");
  const { error, wait, step } = await searchParams;

  if (step === "two-factor") {
    return (
      <main className="support-login">
        <h1>{t("twoFactorTitle")}</h1>
        <form method="post" action="/admin/api/session/two-factor" className="support-login-form">
          <p id="code-help">{t("twoFactorHelp")}</p>
          <label htmlFor="code">{t("code")}</label>
          <input id="code" name="code" autoComplete="one-time-code" aria-describedby="code-help" maxLength={64} required autoFocus />
          {error && (
            <p role="alert" className="support-error">
              {t("invalidCode")}
            </p>
          )}
          <button type="submit">{t("verify")}</button>
        </form>
        <p>
          <a href="/admin/login">{t("restart")}</a>
        </p>
        <LocaleSwitch redirect="/admin/login?step=two-factor" />
      </main>
    );
  }

  const reason = error ? (PASSWORD_ERRORS[error as keyof typeof PASSWORD_ERRORS] ?? "invalid") : null;
  // A refusal by the limits says how long to wait (the limiter's retry time, lib/surfaces/http/staff-sign-in-answer.ts).
  const retry = reason === "rate" ? retryWait(wait) : undefined;
  return (
    <main className="support-login">
      <h1>{t("title")}</h1>
      <form method="post" action="/admin/api/session" className="support-login-form">
        <label htmlFor="email">{t("email")}</label>
        <input id="email" name="email" type="email" autoComplete="username" required />
        <label htmlFor="password">{t("password")}</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
        {reason && (
          <p role="alert" className="support-error">
            {retry ? t(retry.unit === "seconds" ? "rateSeconds" : "rateMinutes", { count: retry.count }) : t(reason)}
          </p>
        )}
        <button type="submit">{t("submit")}</button>
      </form>
      <LocaleSwitch redirect="/admin/login" />
    </main>
  );
}
