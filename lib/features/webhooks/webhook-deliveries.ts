import type { DbClient } from "@/lib/core/db/client";
import { inTransaction } from "@/lib/core/db/in-transaction";
import { notFound } from "@/lib/core/errors/domain-error";
import { sendJobTrigger } from "@/lib/integrations/inngest/send-job-trigger";
import { rotateWebhookSecret } from "@/lib/features/webhooks/rotate-webhook-secret";
import { retryDeadDelivery } from "@/lib/features/webhooks/retry-dead-delivery";
import { findDeliveries, toDeliveryJson } from "@/lib/features/webhooks/list-deliveries";
import { recordAudit } from "@/lib/features/audit/record-audit";

export async function deadDeliveries(client: DbClient) {
  return (await findDeliveries(client, { status: "dead" })).map(toDeliveryJson);
}

export async function countDeadDeliveries(client: DbClient) {
  return client.webhookDelivery.count({ where: { status: "dead" } });
}

/**
 * An admin's "send it again now": a dead-lettered delivery restarts its schedule; one still
 * waiting for its next retry becomes due at once. Delivered ones are left alone. Audited.
 */
export async function retryDeliveryNow(client: DbClient, options: { staffId: string; deliveryId: string; now?: Date }) {
  const now = options.now ?? new Date();
  // The retry and its audit entry commit together: no retry goes unaudited.
  return inTransaction(client, async (tx) => {
    const delivery = await tx.webhookDelivery.findUnique({ where: { id: options.deliveryId }, include: { event: true } });
    if (!delivery) throw notFound("Webhook delivery");
    let scheduled = false;
    if (delivery.status === "dead") scheduled = await retryDeadDelivery(tx, { deliveryId: delivery.id, now });
    if (delivery.status === "pending") {
      const { count } = await tx.webhookDelivery.updateMany({ where: { id: delivery.id, status: "pending" }, data: { nextAttemptAt: now } });
      scheduled = count === 1;
      if (scheduled) sendJobTrigger({ name: "webhook/delivery.due", data: { deliveryId: delivery.id } });
    }
    await recordAudit(tx, {
      staffId: options.staffId,
      action: "webhook_delivery.retried",
      targetType: "webhook_delivery",
      targetId: delivery.id,
      details: { reference: delivery.event.reference, event: delivery.event.type, previousStatus: delivery.status, scheduled },
    });
    return { id: delivery.id, scheduled };
  });
}

/** A new webhook secret, shown once; the previous one keeps signing for 24 h. Audited. */
export async function rotateSecretAsStaff(client: DbClient, options: { staffId: string; merchantId: string }) {
  return inTransaction(client, async (tx) => {
    if (!(await tx.merchant.findUnique({ where: { id: options.merchantId } }))) throw notFound("Merchant");
    const secret = await rotateWebhookSecret(tx, { merchantId: options.merchantId });
    await recordAudit(tx, { staffId: options.staffId, action: "webhook_secret.rotated", targetType: "merchant", targetId: options.merchantId });
    return { webhookSecret: secret };
  });
}
