"use server";

import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { runDashboardAction, type ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { changeMemberRole, inviteMember, removeMember, revokeInvitation } from "@/lib/features/team/manage-team";

// Each goes through better-auth's organization API with the request's session (its own rules
// apply) after ours in lib/features/team/manage-team.ts; runDashboardAction refuses without team:manage.
const text = (form: FormData, name: string) => String(form.get(name) ?? "");

export async function inviteMemberAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const t = await getTranslations("dashboard");
  return runDashboardAction("team:manage", async ({ member }) => {
    const email = text(form, "email");
    await inviteMember(member, await headers(), { email, role: text(form, "role") });
    return { message: t("team.invited", { email: email.trim() }) };
  });
}

export async function revokeInvitationAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const t = await getTranslations("dashboard");
  return runDashboardAction("team:manage", async ({ member }) => {
    await revokeInvitation(member, await headers(), text(form, "invitationId"));
    return { message: t("team.revoked") };
  });
}

export async function changeRoleAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const t = await getTranslations("dashboard");
  return runDashboardAction("team:manage", async ({ member }) => {
    await changeMemberRole(member, await headers(), text(form, "memberId"), text(form, "role"));
    return { message: t("team.roleChanged") };
  });
}

export async function removeMemberAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const t = await getTranslations("dashboard");
  return runDashboardAction("team:manage", async ({ member }) => {
    await removeMember(member, await headers(), text(form, "memberId"));
    return { message: t("team.removed") };
  });
}
