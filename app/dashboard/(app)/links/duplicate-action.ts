"use server";

import { redirect } from "next/navigation";
import { runDashboardAction, type ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { duplicatePaymentLink } from "@/lib/features/links/duplicate-payment-link";

// "Duplicate link" on a link's page: thin; the rule is in lib/features/links/duplicate-payment-link.ts.
// The same permission as creating a link (links:create), through runDashboardAction.
export async function duplicateLinkAction(_state: ActionState, form: FormData): Promise<ActionState> {
  let target: string | null = null;
  const state = await runDashboardAction("links:create", async ({ db, scope }) => {
    const source = String(form.get("reference") ?? "");
    const link = await duplicatePaymentLink(db, scope, source);
    target = dashboardPath(scope.environment, `/links/${link.reference}?duplicatedFrom=${encodeURIComponent(source)}`);
    return null;
  });
  // Outside the action's try: redirect() works by throwing.
  if (target) redirect(target);
  return state;
}
