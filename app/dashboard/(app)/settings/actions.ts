"use server";

import { getTranslations } from "next-intl/server";
import { runDashboardAction, type ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { SETTINGS_FORM_FIELDS, updateMerchantSettings } from "@/lib/features/merchants/update-merchant-settings";

export async function saveSettingsAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const t = await getTranslations("dashboard");
  return runDashboardAction("settings:manage", async ({ db, scope }) => {
    const file = form.get("logo");
    const logo = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
    const text = (name: string) => String(form.get(name) ?? "");
    await updateMerchantSettings(db, scope, {
      name: text("name"),
      supportPhone: text("supportPhone"),
      supportEmail: text("supportEmail"),
      defaultLanguage: text("defaultLanguage"),
      country: form.has("country") ? text("country") : undefined,
      logo,
      removeLogo: form.get("removeLogo") === "on",
      // An unticked box sends nothing: the form's hidden receiptsShown says the box was there.
      sendReceipts: form.has("receiptsShown") ? form.get("sendReceipts") === "on" : undefined,
    });
    return { message: t("settings.saved") };
  }, { fields: SETTINGS_FORM_FIELDS });
}
