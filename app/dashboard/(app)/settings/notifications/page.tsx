import { getTranslations } from "next-intl/server";
import { ActionForm, FieldError } from "@/components/dashboard/action-form";
import { pageTitle } from "@/components/page-title";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { getMyAlertSettings } from "@/lib/surfaces/dashboard/payment-alert-queries";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";
import { saveAlertSettingsAction } from "./actions";

export const generateMetadata = pageTitle("notifications");

// The member's own payment alerts (issue 51 part 1): by SMS to the number given here, by e-mail to
// their sign-in address. Every member, viewers included, chooses for themselves.
export default async function NotificationsPage() {
  const { member, scope } = await requirePageMember("/dashboard/settings/notifications");
  const [t, settings] = await Promise.all([getTranslations("paymentAlerts.settings"), getMyAlertSettings(member)]);
  return (
    <>
      <p>
        <a href={dashboardPath(scope.environment, "/settings")}>{(await getTranslations("dashboard"))("settings.heading")}</a>
      </p>
      <h1>{t("heading")}</h1>
      <section className="dash-card">
        <p className="dash-hint">{t("intro")}</p>
        <ActionForm action={saveAlertSettingsAction} submitLabel={t("save")}>
          <label className="dash-check">
            <input name="email" type="checkbox" defaultChecked={settings.email} /> {t("email", { email: member.email })}
          </label>
          <label className="dash-check">
            <input name="sms" type="checkbox" defaultChecked={settings.sms} /> {t("sms")}
          </label>
          <label>
            {t("phone")}
            <input name="phone" type="tel" autoComplete="tel" defaultValue={settings.phone ?? ""} aria-describedby="alert-phone-hint" />
          </label>
          <p className="dash-hint" id="alert-phone-hint">
            {t("phoneHint")}
          </p>
          <FieldError name="phone" />
        </ActionForm>
      </section>
    </>
  );
}
