import { db } from "@/lib/core/db/client";

/**
 * A pending, unexpired invitation, with what its page shows (merchant and inviter names), or
 * null. The id is a long random value only its mail carries, as better-auth generates it.
 */
export async function findOpenInvitation(id: string, now = new Date()) {
  const invitation = await db().invitation.findUnique({
    where: { id },
    include: { organization: { select: { name: true } }, user: { select: { name: true, email: true } } },
  });
  if (!invitation || invitation.status !== "pending" || invitation.expiresAt <= now) return null;
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    organizationName: invitation.organization.name,
    inviterName: invitation.user.name || invitation.user.email,
  };
}
