import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LocaleSwitch } from "@/components/locale-switch";
import { MIN_PASSWORD_LENGTH } from "@/lib/features/staff/create-staff";
import { currentStaffSession } from "@/lib/features/staff/current-staff";
import "../support.css";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("supportPassword", { robots: { index: false } });

const PROBLEMS = ["current", "short", "mismatch", "same", "tooMany"];

// Where a one-time password leads, and the only page its session may open. A plain form, like
// the sign-in page: it works before any JavaScript, and carries the CSRF token in a field.
export default async function SupportPassword({ searchParams }: { searchParams: Promise<{ error?: string }> }) {
  const session = await currentStaffSession();
  if (!session) redirect("/admin/login");
  const t = await getTranslations("support.password");
  const { error } = await searchParams;
  return (
    <main className="support-login">
      <h1>{t("title")}</h1>
      {session.staff.mustChangePassword && <p>{t("intro")}</p>}
      <form method="post" action="/admin/api/password" className="support-login-form">
        <input type="hidden" name="csrf" value={session.csrfToken} />
        <input type="text" name="username" autoComplete="username" defaultValue={session.staff.email} hidden readOnly />
        <label htmlFor="currentPassword">{t("current")}</label>
        <input id="currentPassword" name="currentPassword" type="password" autoComplete="current-password" required />
        <label htmlFor="newPassword">{t("new")}</label>
        <input
          id="newPassword"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          aria-describedby="new-password-hint"
          required
        />
        <p id="new-password-hint" className="support-hint">
          {t("newHint", { min: MIN_PASSWORD_LENGTH })}
        </p>
        <label htmlFor="confirmation">{t("confirmation")}</label>
        <input id="confirmation" name="confirmation" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} required />
        {error && PROBLEMS.includes(error) && (
          <p role="alert" className="support-error">
            {t(`errors.${error}`, { min: MIN_PASSWORD_LENGTH })}
          </p>
        )}
        <button type="submit">{t("submit")}</button>
      </form>
      <LocaleSwitch redirect="/admin/password" />
    </main>
  );
}
