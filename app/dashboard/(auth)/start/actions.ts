"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { auth } from "@/lib/features/auth/auth";
import { getDashboardSession } from "@/lib/features/auth/dashboard-session";
import { NO_MERCHANT_PAGE } from "@/lib/features/auth/redirect-target";
import { AlreadyAMember } from "@/lib/features/auth/sign-up-merchant";
import { openOwnBusinessFor } from "@/lib/features/auth/account-actions";

// The page of a signed-in person without a merchant: answer an invitation, reopen a merchant they
// still belong to, or open a business of their own. better-auth checks that the invitation is
// theirs and the membership real; a refusal comes back to the page as ?error=.

const field = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

function back(params: Record<string, string>): never {
  redirect(`${NO_MERCHANT_PAGE}?${new URLSearchParams(params)}`);
}

async function signedInUser() {
  const session = await getDashboardSession();
  if (!session) redirect(`/dashboard/sign-in?next=${encodeURIComponent(NO_MERCHANT_PAGE)}`);
  return session.user;
}

/** Runs a better-auth call; its refusal (an APIError, with a status) comes back as ?error=generic. */
async function refusedBy(call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return false;
  } catch (error) {
    if ((error as { statusCode?: number })?.statusCode === undefined) throw error;
    return true;
  }
}

export async function acceptInvitationFromStartAction(form: FormData) {
  await signedInUser();
  const invitationId = field(form, "invitationId");
  if (await refusedBy(async () => auth().api.acceptInvitation({ body: { invitationId }, headers: await headers() }))) back({ error: "generic" });
  redirect("/dashboard");
}

export async function declineInvitationAction(form: FormData) {
  await signedInUser();
  const invitationId = field(form, "invitationId");
  if (await refusedBy(async () => auth().api.rejectInvitation({ body: { invitationId }, headers: await headers() }))) back({ error: "generic" });
  back({ notice: "declined" });
}

export async function chooseMerchantAction(form: FormData) {
  await signedInUser();
  const organizationId = field(form, "merchantId");
  if (await refusedBy(async () => auth().api.setActiveOrganization({ body: { organizationId }, headers: await headers() }))) back({ error: "generic" });
  redirect("/dashboard");
}

export async function openOwnBusinessAction(form: FormData) {
  const user = await signedInUser();
  const businessName = field(form, "businessName");
  if (!businessName || businessName.length > 100) back({ error: "missing" });
  try {
    const merchant = await openOwnBusinessFor(user.id, businessName, field(form, "businessCountry"));
    await auth().api.setActiveOrganization({ body: { organizationId: merchant.id }, headers: await headers() });
  } catch (error) {
    if (error instanceof AlreadyAMember) back({ notice: "alreadyMember" });
    throw error;
  }
  redirect("/dashboard");
}
