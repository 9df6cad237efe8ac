"use server";

import { getTranslations } from "next-intl/server";
import { runDashboardAction, type ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { SETTINGS_FORM_FIELDS, updateMerchantSettings } from "@/lib/features/merchants/update-merchant-settings";
import { BATCH_APPROVAL_FORM_FIELDS, saveBatchSelfApproval } from "@/lib/features/merchants/batch-self-approval";

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

/** The one-person bulk payout threshold (issue 49): an amount and its currency, or off when the amount is empty. */
export async function saveBatchApprovalAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const tb = await getTranslations("batches");
  return runDashboardAction("settings:manage", async ({ db, member, scope }) => {
    await saveBatchSelfApproval(db, scope, { amount: String(form.get("selfApprovalMax") ?? ""), currency: String(form.get("selfApprovalCurrency") ?? "") }, { userId: member.userId });
    return { message: tb("settings.saved") };
  }, { fields: BATCH_APPROVAL_FORM_FIELDS });
}
