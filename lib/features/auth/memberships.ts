import type { DbClient } from "@/lib/core/db/client";
import { isDashboardPage } from "./redirect-target";

/** The merchants a user belongs to, oldest membership first: what the account switcher lists. */
export async function listMemberships(client: DbClient, userId: string) {
  const members = await client.member.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: { role: true, organization: { select: { merchant: { select: { id: true, name: true } } } } },
  });
  return members.map((m) => ({ merchantId: m.organization.merchant.id, merchantName: m.organization.merchant.name, role: m.role }));
}

/**
 * The invitations a signed-in person can still answer: addressed to their e-mail, pending and
 * unexpired (declined, cancelled and expired ones are not shown, so they trap no one).
 */
export async function listOpenInvitations(client: DbClient, email: string, now = new Date()) {
  const invitations = await client.invitation.findMany({
    where: { email: email.toLowerCase(), status: "pending", expiresAt: { gt: now } },
    orderBy: { createdAt: "desc" },
    select: { id: true, role: true, expiresAt: true, organization: { select: { name: true } }, user: { select: { name: true, email: true } } },
  });
  return invitations.map((i) => ({ id: i.id, role: i.role, expiresAt: i.expiresAt, organizationName: i.organization.name, inviterName: i.user.name || i.user.email }));
}

/**
 * Where switching merchant lands: the same environment and section as the page it was made
 * from, at the section's list (a detail page's reference belongs to the previous merchant).
 * `/test/dashboard/links/pl_1?x` gives `/test/dashboard/links`; anything not a dashboard page, the home.
 */
export function switchTarget(path: unknown): string {
  if (typeof path !== "string") return "/dashboard";
  const match = /^(\/test)?(\/dashboard(?:\/[A-Za-z0-9-]+)?)(?=\/|\?|$)/.exec(path);
  if (!match || !isDashboardPage(match[2])) return "/dashboard";
  return `${match[1] ?? ""}${match[2]}`;
}
