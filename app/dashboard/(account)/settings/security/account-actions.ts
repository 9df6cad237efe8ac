"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { changeAccountPassword, revokeAccountSession, revokeOtherAccountSessions } from "@/lib/features/auth/account-security";
import { getDashboardSession } from "@/lib/features/auth/dashboard-session";
import type { ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { dashboardEnvironment } from "@/lib/surfaces/dashboard/require-member";

// The security page's password and sessions forms: a person's own account, no merchant's
// permission (like two-factor in ./actions.ts). Thin: the calls are in lib/features/auth/account-security.ts.

const PAGE = "/dashboard/settings/security";

/**
 * Back to the page (in the environment it was opened in) saying what was done. Not a message in the
 * form's state: these actions change the session cookie (a new session after a password change) or
 * the list, and the page is loaded again, which a form's state does not survive.
 */
async function backWith(notice: "passwordChanged" | "passwordChangedOthersOut" | "othersEnded"): Promise<never> {
  redirect(`${dashboardPath(await dashboardEnvironment(), "/settings/security")}?notice=${notice}`);
}

/** better-auth's calls take any session its cookie verifies, another view's too: the dashboard's only. */
async function requireDashboardSession() {
  if (!(await getDashboardSession())) redirect(`/dashboard/sign-in?next=${encodeURIComponent(PAGE)}`);
}

export async function changePasswordAction(_state: ActionState, form: FormData): Promise<ActionState> {
  await requireDashboardSession();
  const t = await getTranslations("security");
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const outcome = await changeAccountPassword(await headers(), {
    currentPassword: text("currentPassword"),
    newPassword: text("newPassword"),
    confirmation: text("confirmation"),
    signOutOthers: form.get("signOutOthers") === "on",
  });
  if (outcome !== "changed") return { error: t(`passwordErrors.${outcome}`) };
  return backWith(form.get("signOutOthers") === "on" ? "passwordChangedOthersOut" : "passwordChanged");
}

export async function revokeSessionAction(_state: ActionState, form: FormData): Promise<ActionState> {
  await requireDashboardSession();
  const t = await getTranslations("security");
  const ended = await revokeAccountSession(await headers(), String(form.get("sessionId") ?? ""));
  return ended ? { message: t("sessionEnded") } : { error: t("sessionGone") };
}

export async function revokeOtherSessionsAction(): Promise<ActionState> {
  await requireDashboardSession();
  await revokeOtherAccountSessions(await headers());
  return backWith("othersEnded");
}
