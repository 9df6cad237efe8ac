"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { auth } from "@/lib/features/auth/auth";
import { switchTarget } from "@/lib/features/auth/memberships";
import { listUserMerchants } from "@/lib/features/auth/account-actions";
import { requireMember } from "@/lib/surfaces/dashboard/require-member";

// The header's account switcher: better-auth's setActiveOrganization (it checks the membership
// too), then the same environment and section of the dashboard, now showing the other merchant.
export async function switchMerchantAction(form: FormData) {
  const { member } = await requireMember();
  const merchantId = String(form.get("merchantId") ?? "");
  const target = switchTarget(form.get("path"));
  const mine = await listUserMerchants(member.userId);
  if (merchantId !== member.merchantId && mine.some((m) => m.merchantId === merchantId)) {
    await auth().api.setActiveOrganization({ body: { organizationId: merchantId }, headers: await headers() });
  }
  // A merchant not in the list (a forged form) changes nothing: the section reloads on the current one.
  redirect(target);
}
