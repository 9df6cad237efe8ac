import { getTranslations } from "next-intl/server";
import { requireMember } from "@/lib/dashboard/require-member";

// Team members, invitations and security (two-factor, sessions) are the accounts' pages.
export default async function SettingsPage() {
  await requireMember();
  const t = await getTranslations("dashboard");
  return (
    <>
      <h1>{t("settings.heading")}</h1>
      <ul className="dash-timeline dash-card">
        <li>
          <a href="/dashboard/settings/team">{t("settings.team")}</a>
        </li>
        <li>
          <a href="/dashboard/settings/security">{t("settings.security")}</a>
        </li>
      </ul>
    </>
  );
}
