import "server-only";
import { dashboardLanding } from "@/lib/features/auth/dashboard-landing";
import { listMemberships } from "@/lib/features/auth/memberships";
import { openOwnBusiness } from "@/lib/features/auth/sign-up-merchant";
import { db } from "@/lib/core/db/client";

// What the person's own forms (sign-in, start, the merchant switcher) do on the process's
// database: scoped by the signed-in user, not by a merchant.

/** The merchants the user belongs to, oldest membership first (the switcher's list). */
export function listUserMerchants(userId: string) {
  return listMemberships(db(), userId);
}

/** Where a sign-in lands (lib/features/auth/dashboard-landing.ts): `next`, or the home in the mode the user's merchant works in. */
export function getSignInLanding(email: string, next: string) {
  return dashboardLanding(db(), email, next);
}

/** A new merchant owned by the user (lib/features/auth/sign-up-merchant.ts; AlreadyAMember when they belong to one). */
export function openOwnBusinessFor(userId: string, businessName: string, businessCountry: string) {
  return openOwnBusiness(db(), userId, businessName, businessCountry);
}
