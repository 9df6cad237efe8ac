import type { DbClient } from "@/lib/db/client";
import { createMerchant } from "@/lib/merchants/create-merchant";

/**
 * A merchant IS an organization: the organization has the merchant's id, so a session's active
 * organization names the merchant directly. Creates the merchant (keys, webhook secret, gateways
 * as merchant:create does) and makes the user its owner.
 */
export async function createMerchantForUser(client: DbClient, user: { id: string; name: string; email: string }, businessName?: string | null) {
  const name = businessName?.trim() || user.name.trim() || user.email;
  const merchant = await createMerchant(client, { name });
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
