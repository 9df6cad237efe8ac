"use server";

import { getTranslations } from "next-intl/server";
import { runDashboardAction, type ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { ALERT_SETTINGS_FORM_FIELDS, saveAlertSettings } from "@/lib/features/payment-alerts/alert-settings";

/** The signed-in member's own payment alerts: every role may set its own, and only its own. */
export async function saveAlertSettingsAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const t = await getTranslations("paymentAlerts.settings");
  return runDashboardAction(
    "view",
    async ({ db, member }) => {
      await saveAlertSettings(db, { merchantId: member.merchantId, userId: member.userId }, { sms: form.get("sms") === "on", email: form.get("email") === "on", phone: String(form.get("phone") ?? "") });
      return { message: t("saved") };
    },
    { fields: ALERT_SETTINGS_FORM_FIELDS, errors: { "invalid:phone": t("phoneInvalid"), invalid: t("phoneRequired") } },
  );
}
