"use server";

import { getTranslations } from "next-intl/server";
import { requestWithdrawal, WITHDRAWAL_FORM_FIELDS } from "@/lib/features/dashboard/balance-and-payouts";
import { runDashboardAction, type ActionState } from "@/lib/features/dashboard/dashboard-action";

export async function requestWithdrawalAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const t = await getTranslations("dashboard");
  return runDashboardAction("payouts:request", async ({ db, scope }) => {
    const fields = Object.fromEntries(WITHDRAWAL_FORM_FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
    const transfer = await requestWithdrawal(db, scope, fields);
    return { message: t("balance.requested", { reference: transfer.reference }) };
  }, { fields: WITHDRAWAL_FORM_FIELDS });
}
