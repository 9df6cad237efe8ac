"use server";

import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { createLinkFromForm, LINK_FORM_FIELDS } from "@/lib/surfaces/dashboard/create-link-from-form";
import { runDashboardAction, type ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { replayWebhookDelivery } from "@/lib/features/webhooks/manage-webhooks";

// Server actions of the payment link pages: thin, the rules are in lib/features/links and lib/features/link-sends.

export async function createLinkAction(_state: ActionState, form: FormData): Promise<ActionState> {
  let target: string | null = null;
  const state = await runDashboardAction("links:create", async ({ db, scope }) => {
    const fields = Object.fromEntries(LINK_FORM_FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
    const link = await createLinkFromForm(db, scope, fields);
    target = dashboardPath(scope.environment, `/links/${link.reference}?created=1`);
    return null;
  }, { fields: LINK_FORM_FIELDS });
  // Outside the action's try: redirect() works by throwing.
  if (target) redirect(target);
  return state;
}

export async function replayDeliveryAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const t = await getTranslations("dashboard");
  return runDashboardAction("webhooks:manage", async ({ db, scope }) => {
    await replayWebhookDelivery(db, scope, String(form.get("deliveryId") ?? ""));
    return { message: t("deliveries.replayed") };
  });
}
