import { randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { DbClient } from "@/lib/core/db/client";
import { ulid } from "@/lib/core/domain/ulid";
import type { MemberRole } from "./session-member";

/** The merchant's organization (same id), created on first need for merchants made outside sign-up. */
export async function ensureMerchantOrganization(client: DbClient, merchant: { id: string; name: string }) {
  return client.organization.upsert({
    where: { id: merchant.id },
    update: {},
    create: { id: merchant.id, name: merchant.name, slug: merchant.id.toLowerCase(), createdAt: new Date() },
  });
}

/**
 * A verified dashboard login (e-mail + password, in better-auth's own format: user, credential
 * account, membership) for an existing merchant, without the mail round trip: for the quick
 * start's demo merchant and for command-line onboarding. The password is generated when not given.
 */
export async function createMemberLogin(
  client: DbClient,
  options: { merchant: { id: string; name: string }; email: string; name?: string; role?: MemberRole; password?: string },
) {
  const email = options.email.trim().toLowerCase();
  const password = options.password ?? randomBytes(12).toString("base64url");
  await ensureMerchantOrganization(client, options.merchant);
  const userId = `usr_${ulid()}`;
  const now = new Date();
  await client.user.create({
    data: {
      id: userId,
      name: options.name ?? email,
      email,
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
      accounts: { create: { id: `acc_${ulid()}`, accountId: userId, providerId: "credential", password: await hashPassword(password), createdAt: now, updatedAt: now } },
      members: { create: { id: `mbr_${ulid()}`, organizationId: options.merchant.id, role: options.role ?? "owner", createdAt: now } },
    },
  });
  return { userId, email, password };
}
