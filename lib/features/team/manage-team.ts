import "server-only";
import { z } from "zod";
import { auth } from "@/lib/features/auth/auth";
import { canGrantRole, MEMBER_ROLES, type MemberRole } from "@/lib/features/auth/member-permissions";
import { grantingOwnership } from "@/lib/features/auth/organization-rules";
import type { SessionMember } from "@/lib/features/auth/session-member";
import { db } from "@/lib/core/db/client";
import { DomainError, notFound } from "@/lib/core/errors/domain-error";
import { assertCan } from "@/lib/features/auth/member-permissions";

/** Who acts on the team: the signed-in member (their merchant is the organization, same id). */
export type TeamActor = Pick<SessionMember, "userId" | "merchantId" | "role">;

const roleSchema = z.enum(MEMBER_ROLES);
const inviteSchema = z.object({ email: z.email().max(254), role: roleSchema });

/** The merchant's members and pending invitations, as the team page shows them. */
export async function listTeam(merchantId: string) {
  const [members, invitations] = await Promise.all([
    db().member.findMany({
      where: { organizationId: merchantId },
      orderBy: { createdAt: "asc" },
      include: { user: { select: { name: true, email: true } } },
    }),
    db().invitation.findMany({ where: { organizationId: merchantId, status: "pending" }, orderBy: { expiresAt: "asc" } }),
  ]);
  return {
    members: members.map((m) => ({ id: m.id, userId: m.userId, name: m.user.name, email: m.user.email, role: m.role as MemberRole, joinedAt: m.createdAt })),
    invitations: invitations.map((i) => ({ id: i.id, email: i.email, role: i.role as MemberRole, expiresAt: i.expiresAt })),
  };
}

function invalid(error: z.ZodError): DomainError {
  const field = error.issues[0]?.path.join(".");
  return new DomainError("invalid", { details: error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; "), ...(field ? { field, rule: "invalid" as const } : {}) });
}

function assertMayGrant(actor: TeamActor, role: MemberRole) {
  if (!canGrantRole(actor.role, role)) {
    throw new DomainError("not_allowed", { details: `Your role (${actor.role}) cannot give the role '${role}'; only an owner can make someone owner`, hint: "ownerOnly" });
  }
}

/** A member of the actor's merchant, or 404: ids of another merchant's members are not found. */
async function memberOfMerchant(actor: TeamActor, memberId: string) {
  const member = memberId ? await db().member.findFirst({ where: { id: memberId, organizationId: actor.merchantId } }) : null;
  if (!member) throw notFound("Member", memberId);
  return member;
}

// An owner's membership is the owner's business: an admin may neither demote nor remove one, and
// the merchant always keeps at least one owner (someone who can hand the account over).
async function assertOwnerKept(actor: TeamActor, target: { role: string; organizationId: string }, nextRole: MemberRole | null) {
  if (target.role !== "owner") return;
  if (actor.role !== "owner") throw new DomainError("not_allowed", { details: "Only an owner can change or remove an owner", hint: "ownerOnly" });
  if (nextRole === "owner") return;
  const owners = await db().member.count({ where: { organizationId: target.organizationId, role: "owner" } });
  if (owners <= 1) throw new DomainError("refused", { details: "The account's last owner cannot be removed or demoted; make another member owner first", hint: "lastOwner" });
}

// Our own refusals from better-auth's hooks (lib/features/auth/organization-rules.ts), as the form words them.
const HOOK_REFUSALS: Record<string, { kind: "not_allowed" | "invalid" | "limited"; hint?: string }> = {
  INVITER_EMAIL_NOT_VERIFIED: { kind: "not_allowed", hint: "inviterUnverified" },
  INVITATION_LIMIT_MERCHANT: { kind: "limited", hint: "invitationLimitMerchant" },
  INVITATION_LIMIT_ADDRESS: { kind: "limited", hint: "invitationLimitAddress" },
  ROLE_NOT_ALLOWED: { kind: "invalid" },
  OWNER_FROM_TEAM_PAGE_ONLY: { kind: "not_allowed", hint: "ownerOnly" },
};

/**
 * better-auth's organization rules refuse with its own APIError; the form shows it in the spec's
 * words: a refusal is not allowed, anything else refused (its message says why).
 */
async function throughBetterAuth<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const failure = error as { statusCode?: number; status?: string; body?: { code?: string; message?: string } };
    if (typeof failure?.statusCode !== "number" || failure.statusCode >= 500) throw error;
    const details = failure.body?.message ?? failure.body?.code ?? "refused";
    const ours = HOOK_REFUSALS[failure.body?.code ?? ""];
    if (ours) throw new DomainError(ours.kind, { details, hint: ours.hint });
    throw new DomainError(failure.statusCode === 401 || failure.statusCode === 403 ? "not_allowed" : "refused", { details });
  }
}

/** The call to better-auth, allowed to give the owner role when ours is an owner's grant (canGrantRole checked it). */
const granting = <T>(role: MemberRole, call: () => Promise<T>) => (role === "owner" ? grantingOwnership(call) : call());

export async function inviteMember(actor: TeamActor, requestHeaders: Headers, input: { email: unknown; role: unknown }) {
  const parsed = inviteSchema.safeParse({ email: typeof input.email === "string" ? input.email.trim().toLowerCase() : input.email, role: input.role });
  if (!parsed.success) throw invalid(parsed.error);
  assertMayGrant(actor, parsed.data.role);
  const already = await db().member.findFirst({ where: { organizationId: actor.merchantId, user: { email: parsed.data.email } } });
  if (already) throw new DomainError("refused", { details: `${parsed.data.email} is already a member of this account`, hint: "alreadyMember" });
  return throughBetterAuth(() =>
    granting(parsed.data.role, () => auth().api.createInvitation({ headers: requestHeaders, body: { email: parsed.data.email, role: parsed.data.role, organizationId: actor.merchantId } })),
  );
}

export async function revokeInvitation(actor: TeamActor, requestHeaders: Headers, invitationId: string) {
  assertCan(actor, "team:manage");
  const invitation = invitationId ? await db().invitation.findFirst({ where: { id: invitationId, organizationId: actor.merchantId, status: "pending" } }) : null;
  if (!invitation) throw notFound("Invitation", invitationId);
  await throughBetterAuth(() => auth().api.cancelInvitation({ headers: requestHeaders, body: { invitationId } }));
}

export async function changeMemberRole(actor: TeamActor, requestHeaders: Headers, memberId: string, role: unknown) {
  const parsed = roleSchema.safeParse(role);
  if (!parsed.success) throw invalid(parsed.error);
  assertCan(actor, "team:manage");
  const target = await memberOfMerchant(actor, memberId);
  assertMayGrant(actor, parsed.data);
  await assertOwnerKept(actor, target, parsed.data);
  await throughBetterAuth(() => granting(parsed.data, () => auth().api.updateMemberRole({ headers: requestHeaders, body: { memberId, role: parsed.data, organizationId: actor.merchantId } })));
}

export async function removeMember(actor: TeamActor, requestHeaders: Headers, memberId: string) {
  assertCan(actor, "team:manage");
  const target = await memberOfMerchant(actor, memberId);
  await assertOwnerKept(actor, target, null);
  await throughBetterAuth(() => auth().api.removeMember({ headers: requestHeaders, body: { memberIdOrEmail: memberId, organizationId: actor.merchantId } }));
}
