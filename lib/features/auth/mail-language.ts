import type { DbClient } from "@/lib/core/db/client";

// What the data says about the language of an account mail sent outside any request (a script,
// a background send): the merchant's default language, as its checkout uses it.

/** An invitation: the default language of the merchant that invites. */
export async function merchantMailLanguage(client: DbClient, merchantId: string): Promise<string | null> {
  return (await client.merchant.findUnique({ where: { id: merchantId }, select: { defaultLanguage: true } }))?.defaultLanguage ?? null;
}

/**
 * A verification or password-reset mail: the default language of the user's first merchant, or,
 * for an invitee who has none yet, of the merchant whose newest pending invitation they hold.
 */
export async function userMailLanguage(client: DbClient, user: { id: string; email: string }, now = new Date()): Promise<string | null> {
  const member = await client.member.findFirst({
    where: { userId: user.id, organization: { merchant: { defaultLanguage: { not: null } } } },
    orderBy: { createdAt: "asc" },
    select: { organization: { select: { merchant: { select: { defaultLanguage: true } } } } },
  });
  if (member) return member.organization.merchant.defaultLanguage;
  const invitation = await client.invitation.findFirst({
    where: { email: user.email.toLowerCase(), status: "pending", expiresAt: { gt: now }, organization: { merchant: { defaultLanguage: { not: null } } } },
    orderBy: { createdAt: "desc" },
    select: { organization: { select: { merchant: { select: { defaultLanguage: true } } } } },
  });
  return invitation?.organization.merchant.defaultLanguage ?? null;
}
