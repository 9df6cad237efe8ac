import type { DbClient } from "@/lib/core/db/client";
import { inTransaction } from "@/lib/core/db/in-transaction";
import { notFound } from "@/lib/core/errors/domain-error";
import { validationError } from "@/lib/core/errors/validation-errors";
import { rotateWebhookSecret } from "@/lib/features/webhooks/rotate-webhook-secret";
import { callbackUrlField } from "@/lib/core/schemas/common";
import { allowedPrivateHosts, isAllowedPrivateHost, refusedCallbackHost } from "@/lib/core/network/callback-host";
import { recordWebhookEvent } from "@/lib/features/webhooks/record-webhook-event";
import { findDeliveries, toDeliveryJson } from "@/lib/features/webhooks/list-deliveries";
import { replayDelivery } from "@/lib/features/webhooks/replay-delivery";
import { z } from "zod";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { afterCursor, decodeCursor, toPage } from "@/lib/core/domain/list-filters";

// Webhooks as a merchant sees them: the delivery log of the chosen environment, replay, a test
// event, and the signing secret (one per merchant, rotated with the 24 h overlap).

/** One page of the environment's deliveries, newest first, each with every attempt. */
export async function listWebhookDeliveries(client: DbClient, scope: MerchantScope, cursor?: string) {
  const after = afterCursor(decodeCursor(cursor));
  const rows = await findDeliveries(client, { event: { merchantId: scope.merchantId, environment: scope.environment }, ...(after ?? {}) }, 26);
  const page = toPage(rows);
  return { items: page.items.map(toDeliveryJson), nextCursor: page.nextCursor };
}

export async function replayWebhookDelivery(client: DbClient, scope: MerchantScope, deliveryId: string) {
  return inTransaction(client, async (tx) => {
    const delivery = await tx.webhookDelivery.findFirst({ where: { id: deliveryId, event: { merchantId: scope.merchantId, environment: scope.environment } } });
    if (!delivery) throw notFound("Webhook delivery", deliveryId);
    return replayDelivery(tx, delivery);
  });
}

/** The SDK's command that forwards sandbox events to a URL on the developer's machine. */
export const LISTEN_COMMAND = "npx @pcs/sdk listen";

/**
 * Whether a URL the member typed names their own machine or network (localhost, 127.0.0.1,
 * 192.168.x.x...), which our service can never reach: the test event form then points to the
 * SDK's listen command, which forwards events there from the developer's side. Hosts that
 * WEBHOOK_ALLOWED_PRIVATE_HOSTS lets through (development, tests) are deliverable, so not meant.
 */
export function pointsToDeveloperMachine(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || isAllowedPrivateHost(url, allowedPrivateHosts())) return false;
  const host = url.hostname.toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  return refusedCallbackHost(new URL(`https://${url.host}`), []) !== null;
}

/** A "webhook.test" event to a URL the member types, signed like every other, to check their receiver. */
export async function sendTestWebhook(client: DbClient, scope: MerchantScope, url: unknown, now = new Date()) {
  const parsed = z.strictObject({ callbackUrl: callbackUrlField }).safeParse({ callbackUrl: url });
  if (!parsed.success) throw validationError(parsed.error, { callbackUrl: url });
  return inTransaction(client, (tx) =>
    recordWebhookEvent(tx, {
      merchantId: scope.merchantId,
      environment: scope.environment,
      type: "webhook.test",
      reference: "webhook.test",
      url: parsed.data.callbackUrl,
      payload: { event: "webhook.test", environment: scope.environment, sentAt: now.toISOString().slice(0, 19) },
    }),
  );
}

/** When the previous secret stops signing (null when there is none or its overlap ended). */
export async function webhookSecretStatus(client: DbClient, scope: MerchantScope, now = new Date()) {
  const merchant = await client.merchant.findUniqueOrThrow({ where: { id: scope.merchantId }, select: { previousSecretExpiresAt: true } });
  const until = merchant.previousSecretExpiresAt;
  return { previousSecretValidUntil: until && until > now ? until : null };
}

/** A new secret, shown once; the previous one keeps signing for 24 h. */
export async function rotateDashboardWebhookSecret(client: DbClient, scope: MerchantScope) {
  return { webhookSecret: await rotateWebhookSecret(client, { merchantId: scope.merchantId }) };
}
