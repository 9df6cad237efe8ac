import { AsyncLocalStorage } from "node:async_hooks";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { db } from "@/lib/core/db/client";
import { chargeInvitationMail, InvitationLimitReached } from "./invitation-limits";
import { afterMemberRightsChanged } from "./member-keys";
import { isMemberRole, MEMBER_ROLES } from "./member-permissions";
import { openTransaction } from "./open-transaction";

// better-auth's organization plugin answers its own routes (/api/auth/organization/*) beside the
// dashboard's team page, and knows roles we do not: its built-in "member", and lists
// ("admin,developer") it splits and trims. These rules hold on every way in, the dashboard's
// calls (auth.api.*) included: a role is exactly one of ours, and "owner" only through the team
// page (an owner making someone owner, after lib/features/team/manage-team.ts's checks); an
// invitation needs an inviter with a verified e-mail and spends the mail limits
// (invitation-limits.ts); a role change or departure narrows the member's API keys (member-keys.ts).

const ownerGrant = new AsyncLocalStorage<true>();

/** Runs the team page's own call to better-auth that may give the owner role (its checks done). */
export function grantingOwnership<T>(work: () => Promise<T>): Promise<T> {
  return ownerGrant.run(true, work);
}

const GRANTABLE = MEMBER_ROLES.filter((role) => role !== "owner");

function assertOurRole(role: unknown) {
  if (isMemberRole(role) && (role !== "owner" || ownerGrant.getStore())) return;
  if (role === "owner") throw new APIError("FORBIDDEN", { code: "OWNER_FROM_TEAM_PAGE_ONLY", message: "Only an owner can make someone owner, from the dashboard's team page" });
  throw new APIError("BAD_REQUEST", {
    code: "ROLE_NOT_ALLOWED",
    message: `The role must be exactly one of: ${GRANTABLE.join(", ")} (owner only from the dashboard's team page)`,
  });
}

const INVITE = "/organization/invite-member";
const UPDATE_ROLE = "/organization/update-member-role";
const LEAVE = "/organization/leave";

/**
 * The role as sent, before better-auth splits and trims it (" admin", ["admin"] and
 * "admin,developer" are refused, not read as ours), and a re-sent invitation made a new one:
 * better-auth mails a `resend` without its invitation hooks, so it would escape the limits.
 */
export function organizationRules() {
  return {
    id: "organization-rules",
    hooks: {
      before: [
        {
          matcher: (ctx: { path?: string }) => ctx.path === INVITE || ctx.path === UPDATE_ROLE,
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as { role?: unknown; resend?: unknown };
            assertOurRole(body.role);
            // cancelPendingInvitationsOnReInvite (auth.ts): the pending one is canceled, a new one made and mailed.
            if (ctx.path === INVITE && body.resend) return { context: { body: { ...body, resend: false } } };
          }),
        },
      ],
      after: [
        {
          matcher: (ctx: { path?: string }) => ctx.path === LEAVE,
          handler: createAuthMiddleware(async (ctx) => {
            const left = ctx.context.returned as { organizationId?: unknown; userId?: unknown } | Error | undefined;
            if (!left || left instanceof Error || typeof left.organizationId !== "string" || typeof left.userId !== "string") return;
            await memberRightsChanged(left.organizationId, left.userId, null);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

async function memberRightsChanged(merchantId: string, userId: string, role: string | null) {
  const user = await (openTransaction() ?? db()).user.findUnique({ where: { id: userId }, select: { email: true } });
  await afterMemberRightsChanged({ merchantId, userId, userEmail: user?.email ?? userId, role });
}

type Invitation = { email: string; role: string };
type Inviter = { id: string; email: string; emailVerified: boolean };

/** better-auth's organizationHooks (its `organization({ organizationHooks })` option). */
export const organizationHooks = {
  beforeCreateInvitation: async ({ invitation, inviter, organization }: { invitation: Invitation; inviter: Inviter; organization: { id: string } }) => {
    assertOurRole(invitation.role);
    if (!inviter.emailVerified) {
      throw new APIError("FORBIDDEN", { code: "INVITER_EMAIL_NOT_VERIFIED", message: "Confirm your own e-mail address before inviting anyone" });
    }
    try {
      await chargeInvitationMail(organization.id, invitation.email);
    } catch (error) {
      if (!(error instanceof InvitationLimitReached)) throw error;
      throw new APIError(
        "TOO_MANY_REQUESTS",
        { code: error.which === "merchant" ? "INVITATION_LIMIT_MERCHANT" : "INVITATION_LIMIT_ADDRESS", message: error.message },
        { "retry-after": String(error.retryAfterSeconds) },
      );
    }
  },
  beforeAcceptInvitation: async ({ invitation }: { invitation: { role: string } }) => {
    // Invitations written before these rules may carry "member" or a list.
    if (!isMemberRole(invitation.role)) throw new APIError("BAD_REQUEST", { code: "ROLE_NOT_ALLOWED", message: "This invitation's role is not one of ours: ask for a new invitation" });
  },
  beforeAddMember: async ({ member }: { member: { role: string } }) => {
    assertOurRole(member.role);
  },
  beforeUpdateMemberRole: async ({ newRole }: { newRole: string }) => {
    assertOurRole(newRole);
  },
  afterUpdateMemberRole: async ({ member, user, organization }: { member: { role: string }; user: { id: string; email: string }; organization: { id: string } }) => {
    await afterMemberRightsChanged({ merchantId: organization.id, userId: user.id, userEmail: user.email, role: member.role });
  },
  afterRemoveMember: async ({ user, organization }: { user: { id: string; email: string }; organization: { id: string } }) => {
    await afterMemberRightsChanged({ merchantId: organization.id, userId: user.id, userEmail: user.email, role: null });
  },
};
