import "server-only";
import { db } from "@/lib/core/db/client";
import { countryTimeZone } from "@/lib/core/domain/local-day";
import { getDashboardSession } from "./dashboard-session";
import { MEMBER_ROLES, type MemberRole } from "./member-permissions";

export type { MemberRole };

export type SessionMember = { userId: string; email: string; name: string; merchantId: string; merchantName: string; role: MemberRole; timeZone: string };

const isMemberRole = (role: string): role is MemberRole => (MEMBER_ROLES as readonly string[]).includes(role);

/**
 * Who is using the dashboard: the better-auth session of the request's cookies, its active
 * organization's merchant and the user's role there. Null when signed out, not verified, signed
 * in to the support view instead, or no longer a member of the merchant the session points at.
 * Its time zone is the merchant's, from its country (the dashboard's times are the shop's).
 */
export async function getSessionMember(): Promise<SessionMember | null> {
  const session = await getDashboardSession();
  if (!session) return null;
  return memberOfSession(session.user, session.session.activeOrganizationId ?? null);
}

/** The member row behind a session: its active merchant, else the user's first one. */
export async function memberOfSession(user: { id: string; email: string; name: string }, activeOrganizationId: string | null): Promise<SessionMember | null> {
  const member = await db().member.findFirst({
    where: { userId: user.id, ...(activeOrganizationId ? { organizationId: activeOrganizationId } : {}) },
    orderBy: { createdAt: "asc" },
    include: { organization: { include: { merchant: { select: { id: true, name: true, country: true } } } } },
  });
  if (!member || !isMemberRole(member.role)) return null;
  const merchant = member.organization.merchant;
  return { userId: user.id, email: user.email, name: user.name, merchantId: merchant.id, merchantName: merchant.name, role: member.role, timeZone: countryTimeZone(merchant.country) };
}
