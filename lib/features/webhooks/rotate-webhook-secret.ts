import type { DbClient } from "@/lib/core/db/client";
import { generateWebhookSecret } from "@/lib/core/domain/api-keys";

/** How long the old secret keeps signing after a rotation, so merchants can switch without a gap. */
export const SECRET_ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Gives a merchant a new webhook secret. For the next 24 h every webhook carries a signature
 * with each secret; then only the new one signs. Returns the new secret (shown once).
 */
export async function rotateWebhookSecret(client: DbClient, options: { merchantId: string; now?: Date }): Promise<string> {
  const now = options.now ?? new Date();
  const merchant = await client.merchant.findUniqueOrThrow({ where: { id: options.merchantId }, select: { webhookSecret: true } });
  const webhookSecret = generateWebhookSecret();
  // Conditional on the secret read, so two concurrent rotations cannot drop one of the secrets.
  const { count } = await client.merchant.updateMany({
    where: { id: options.merchantId, webhookSecret: merchant.webhookSecret },
    data: {
      webhookSecret,
      previousWebhookSecret: merchant.webhookSecret,
      previousSecretExpiresAt: new Date(now.getTime() + SECRET_ROTATION_GRACE_MS),
    },
  });
  if (count !== 1) throw new Error("The webhook secret changed concurrently; rotate again");
  return webhookSecret;
}
