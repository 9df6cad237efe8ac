import { keyScopesFor, type MemberRole } from "@/lib/features/auth/member-permissions";
import type { DbClient } from "@/lib/core/db/client";
import { inTransaction } from "@/lib/core/db/in-transaction";
import { createDashboardApiKey } from "./manage-api-keys";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";

// A merchant's first steps. Sign-up makes no API key (a key is shown once, when it is made, and a
// key made at sign-up would never be shown), and its webhook signing secret has not been shown to
// anyone yet: the first key a member makes comes with that secret, both shown once. After that the
// secret is only ever shown by rotating it (lib/features/webhooks/rotate-webhook-secret.ts).
// merchant:create prints its keys and secret: such a merchant has keys, so this never applies.

/** Whether the merchant has never had an API key (revoked ones count), and whether its signing secret was never shown. */
export async function firstStepsState(client: DbClient, scope: MerchantScope) {
  const [keys, merchant] = await Promise.all([
    client.apiKey.count({ where: { merchantId: scope.merchantId, role: "merchant" } }),
    client.merchant.findUniqueOrThrow({ where: { id: scope.merchantId }, select: { previousWebhookSecret: true, previousSecretExpiresAt: true } }),
  ]);
  const noKeyYet = keys === 0;
  // A rotation showed a secret already (and records the previous one).
  const secretNeverShown = noKeyYet && merchant.previousWebhookSecret === null && merchant.previousSecretExpiresAt === null;
  return { noKeyYet, secretNeverShown };
}

/**
 * A key of the page's environment with every scope the member's role may give, and, when it is the
 * merchant's very first key and the member may manage webhooks, the signing secret no one has
 * seen. The merchant's row is locked, so two first keys made at once show the secret only once.
 */
export async function createFirstKey(client: DbClient, scope: MerchantScope, role: MemberRole, options: { name: unknown; mayShowSecret: boolean; makerUserId?: string }) {
  return inTransaction(client, async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Merchant" WHERE id = ${scope.merchantId} FOR UPDATE`;
    const { secretNeverShown } = await firstStepsState(tx, scope);
    const key = await createDashboardApiKey(tx, scope, role, { name: options.name, scopes: keyScopesFor(role) }, options.makerUserId);
    if (!secretNeverShown || !options.mayShowSecret) return { key: key.key, prefix: key.prefix, webhookSecret: null };
    const merchant = await tx.merchant.findUniqueOrThrow({ where: { id: scope.merchantId }, select: { webhookSecret: true } });
    return { key: key.key, prefix: key.prefix, webhookSecret: merchant.webhookSecret };
  });
}
