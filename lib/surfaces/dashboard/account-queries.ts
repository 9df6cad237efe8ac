import "server-only";
import { listAccountSessions } from "@/lib/features/auth/account-security";
import { listOpenInvitations } from "@/lib/features/auth/memberships";
import { db } from "@/lib/core/db/client";
import { listUserMerchants } from "@/lib/features/auth/account-actions";

// The person's own pages (their account, not a merchant's): scoped by the signed-in user.

/** The security page: whether the user's two-factor sign-in is on, and their sessions (from the request's headers). */
export async function getAccountSecurity(userId: string, requestHeaders: Headers) {
  const [user, sessions] = await Promise.all([
    db().user.findUniqueOrThrow({ where: { id: userId }, select: { twoFactorEnabled: true } }),
    listAccountSessions(requestHeaders),
  ]);
  return { twoFactorEnabled: user.twoFactorEnabled, sessions };
}

/** The start page: the merchants the user belongs to and the invitations still open to their email. */
export async function getStartChoices(user: { id: string; email: string }) {
  const [memberships, invitations] = await Promise.all([listUserMerchants(user.id), listOpenInvitations(db(), user.email)]);
  return { memberships, invitations };
}
