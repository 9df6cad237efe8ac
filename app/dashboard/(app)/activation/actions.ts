"use server";

import { getTranslations } from "next-intl/server";
import { ACTIVATION_FIELDS } from "@/lib/features/activation/activation-form";
import { submitActivationRequest } from "@/lib/features/activation/submit-activation-request";
import { runDashboardAction, type ActionState } from "@/lib/surfaces/dashboard/dashboard-action";

export async function requestActivationAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const t = await getTranslations("activation");
  return runDashboardAction("activation:request", async ({ db, member }) => {
    const fields = Object.fromEntries(ACTIVATION_FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
    await submitActivationRequest(db, { merchantId: member.merchantId, userId: member.userId, fields });
    return { message: t("submitted") };
  });
}
