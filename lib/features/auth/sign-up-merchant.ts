import type { PrismaClient } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { isServedCountry } from "@/lib/core/domain/served-countries";
import { createMerchant } from "@/lib/features/merchants/create-merchant";

/**
 * A merchant IS an organization: the organization has the merchant's id, so a session's active
 * organization names the merchant directly. Creates the merchant (webhook secret and gateways
 * as merchant:create does, but no API key: the first is made and shown once in the dashboard, with
 * the signing secret: lib/features/api-keys/first-keys.ts) and makes the user its owner. Callers run it in
 * a transaction. Unlike merchant:create's, a self-service merchant works in the sandbox only until
 * support approves its activation request (lib/features/activation): live payments start off.
 */
export async function createMerchantForUser(client: DbClient, user: { id: string; name: string; email: string }, businessName?: string | null, businessCountry?: string | null) {
  const name = businessName?.trim() || user.name.trim() || user.email;
  // A country we do not serve (a crafted form) is dropped, not an error that would undo the sign-up.
  const country = businessCountry?.trim().toUpperCase();
  const merchant = await createMerchant(client, { name, country: country && isServedCountry(country) ? country : undefined, liveActivated: false, apiKeys: false });
  await client.organization.create({
    data: {
      id: merchant.id,
      name: merchant.name,
      slug: merchant.id.toLowerCase(),
      createdAt: new Date(),
      members: { create: { id: `mbr_${merchant.id.slice(4)}`, userId: user.id, role: "owner", createdAt: new Date() } },
    },
  });
  return merchant;
}

/** Someone invited to a team signs up to join it, not to open a business of their own. */
export async function hasPendingInvitation(client: DbClient, email: string, now = new Date()) {
  const count = await client.invitation.count({ where: { email: email.toLowerCase(), status: "pending", expiresAt: { gt: now } } });
  return count > 0;
}

/**
 * Sign-up's merchant, written while better-auth creates the user's credential account: the user
 * row exists by then, in the same transaction (lib/features/auth/open-transaction.ts), so if anything here
 * fails the user, account and merchant are all rolled back. Only a first password account of a
 * user with no membership opens one: not staff (staff:create), not an invitee, not a later
 * password set on an existing user.
 */
export async function openMerchantOnSignUp(client: DbClient, account: { userId: string; providerId: string }) {
  if (account.providerId !== "credential") return null;
  const user = await client.user.findUnique({
    where: { id: account.userId },
    select: { id: true, name: true, email: true, businessName: true, businessCountry: true, staffRole: true, _count: { select: { accounts: true, members: true } } },
  });
  if (!user || user.staffRole || user._count.accounts > 0 || user._count.members > 0) return null;
  if (await hasPendingInvitation(client, user.email)) return null;
  return createMerchantForUser(client, user, user.businessName, user.businessCountry);
}

export class AlreadyAMember extends Error {
  constructor() {
    super("This account already belongs to a merchant");
  }
}

/**
 * "Open my own business" for a signed-in user with no merchant (an invitee who never accepted,
 * or whose invitations expired): the merchant, organization and ownership in one transaction.
 */
export async function openOwnBusiness(client: PrismaClient, userId: string, businessName: string, businessCountry?: string) {
  return client.$transaction(async (tx) => {
    // The user's row locked: a form sent twice (two tabs) opens one business, not two.
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, name: true, email: true, _count: { select: { members: true } } } });
    if (user._count.members > 0) throw new AlreadyAMember();
    return createMerchantForUser(tx, user, businessName, businessCountry);
  });
}
