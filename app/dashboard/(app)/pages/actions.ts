"use server";

import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { createPageFromForm, PAGE_FORM_FIELDS } from "@/lib/surfaces/dashboard/create-page-from-form";
import { runDashboardAction, type ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { setPageSlug } from "@/lib/features/payment-pages/set-page-slug";
import { switchPaymentPage } from "@/lib/features/payment-pages/switch-payment-page";

// Server actions of the payment pages (issue 36 part 3): thin, the rules are the API's
// (lib/features/payment-pages) and the form's reading in lib/surfaces/dashboard/create-page-from-form.ts. Making or
// switching a page asks customers for money, as a link does: links:create, refused in live mode
// before activation (runDashboardAction).

export async function createPageAction(_state: ActionState, form: FormData): Promise<ActionState> {
  let target: string | null = null;
  const state = await runDashboardAction("links:create", async ({ db, scope }) => {
    const fields = Object.fromEntries(PAGE_FORM_FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
    const page = await createPageFromForm(db, scope, fields);
    target = dashboardPath(scope.environment, `/pages/${page.reference}?created=1`);
    return null;
  }, { fields: PAGE_FORM_FIELDS });
  // Outside the action's try: redirect() works by throwing.
  if (target) redirect(target);
  return state;
}

/** The page's short address set, changed or (empty) removed. */
export async function setPageSlugAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const t = await getTranslations("dashboardPages");
  return runDashboardAction("links:create", async ({ db, scope }) => {
    const page = await setPageSlug(db, { reference: String(form.get("reference") ?? ""), slug: String(form.get("slug") ?? ""), ...scope });
    return { message: t(page.slug ? "detail.slugSaved" : "detail.slugRemoved") };
  }, { fields: ["slug"] });
}

export async function switchPageAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const t = await getTranslations("dashboardPages");
  const to = form.get("to") === "active" ? "active" : "inactive";
  return runDashboardAction("links:create", async ({ db, scope }) => {
    await switchPaymentPage(db, to, { reference: String(form.get("reference") ?? ""), ...scope });
    return { message: t(to === "active" ? "detail.turnedOn" : "detail.turnedOff") };
  }, { errors: { refused: t("detail.cannotTurnOn"), conflict: t("detail.cannotTurnOn") } });
}
