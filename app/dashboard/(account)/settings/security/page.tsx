import { getFormatter, getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { ConfirmActionForm } from "@/components/dashboard/confirm-action-form";
import { describeUserAgent } from "@/lib/features/auth/describe-user-agent";
import { getAccountSecurity } from "@/lib/surfaces/dashboard/account-queries";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";
import { AuthHeader } from "../../../(auth)/auth-header";
import { signOutAction } from "../../../(auth)/actions";
import { revokeOtherSessionsAction, revokeSessionAction } from "./account-actions";
import { ChangePasswordForm } from "./change-password-form";
import { TwoFactorForm } from "./two-factor-form";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("security");

// The person's own account: password, two-factor sign-in, sessions. Under /test/dashboard (the
// proxy passes the environment on) the way back stays in test mode.
const NOTICES = ["passwordChanged", "passwordChangedOthersOut", "othersEnded"] as const;

export default async function SecurityPage({ searchParams }: { searchParams: Promise<{ notice?: string }> }) {
  const { member, scope } = await requirePageMember("/dashboard/settings/security");
  const [t, s, format] = await Promise.all([getTranslations("auth"), getTranslations("security"), getFormatter()]);
  const { twoFactorEnabled, sessions } = await getAccountSecurity(member.userId, await headers());
  const keys = ["on", "off", "passwordToConfirm", "enable", "scan", "secretKey", "confirm", "backupCodes", "disable", "enabled", "disabled"] as const;
  const labels = {
    ...Object.fromEntries(keys.map((key) => [key, t(`security.${key}`)])),
    code: t("fields.code"),
    invalidCredentials: t("errors.invalidCredentials"),
    invalidCode: t("errors.invalidCode"),
    tooMany: t("errors.tooMany"),
    generic: t("errors.generic"),
  } as Parameters<typeof TwoFactorForm>[0]["labels"];
  const home = dashboardPath(scope.environment);
  const when = (date: Date) => format.dateTime(date, { dateStyle: "medium", timeStyle: "short" });
  const others = sessions.filter((session) => !session.current);
  // What the last password or sessions form did (its action comes back here with ?notice=).
  const { notice } = await searchParams;
  const done = NOTICES.find((n) => n === notice);
  return (
    <>
      <nav aria-label={s("navLabel")} className="auth-back">
        <a href={home}>{s("backToDashboard")}</a>
        <a href={dashboardPath(scope.environment, "/settings")}>{s("backToSettings")}</a>
      </nav>
      <AuthHeader title={t("security.title")} redirect={dashboardPath(scope.environment, "/settings/security")} />
      <div role="status">{done ? <p className="auth-notice">{s(done)}</p> : null}</div>

      <h2 id="password-heading">{s("password")}</h2>
      <ChangePasswordForm
        labels={{
          current: s("currentPassword"),
          new: s("newPassword"),
          confirmation: s("confirmPassword"),
          hint: t("passwordHint"),
          signOutOthers: s("signOutOthersToo"),
          submit: s("changePassword"),
        }}
      />

      <h2>{t("security.twoFactor")}</h2>
      <TwoFactorForm enabled={twoFactorEnabled === true} labels={labels} />

      <h2 id="sessions-heading">{s("sessions")}</h2>
      <p className="auth-hint">{s("sessionsIntro")}</p>
      <ul className="auth-sessions" aria-labelledby="sessions-heading" data-testid="sessions">
        {sessions.map((session) => {
          const name = describeUserAgent(session.userAgent) ?? s("unknownBrowser");
          return (
            <li key={session.id} data-current={session.current ? "true" : undefined}>
              <p className="auth-session-name">
                <strong>{name}</strong>
                {session.current ? <span className="badge badge-completed">{s("thisSession")}</span> : null}
                {session.surface === "support" ? <span className="badge">{s("supportView")}</span> : null}
              </p>
              <p className="auth-hint">
                {s("sessionDetails", { address: session.ipAddress ?? "—", since: when(session.createdAt), lastSeen: when(session.updatedAt) })}
              </p>
              {session.current ? (
                <form action={signOutAction}>
                  <button type="submit" className="dash-button">
                    {s("signOutHere")}
                  </button>
                </form>
              ) : (
                <ConfirmActionForm action={revokeSessionAction} labels={{ open: s("signOutSession"), question: s("signOutSessionQuestion", { name }), confirm: s("signOutSessionConfirm"), cancel: s("cancel") }}>
                  <input type="hidden" name="sessionId" value={session.id} />
                </ConfirmActionForm>
              )}
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <ConfirmActionForm
          action={revokeOtherSessionsAction}
          labels={{ open: s("signOutOthers", { count: others.length }), question: s("signOutOthersQuestion", { count: others.length }), confirm: s("signOutOthersConfirm"), cancel: s("cancel") }}
        />
      ) : (
        <p className="auth-hint">{s("noOtherSessions")}</p>
      )}
      <p className="auth-links">
        <a href={home}>{s("backToDashboard")}</a>
      </p>
    </>
  );
}
