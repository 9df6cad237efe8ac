import type { Prisma } from "@prisma/client";
import { ulid } from "@/lib/core/domain/ulid";
import { sendJobTrigger } from "@/lib/integrations/inngest/send-job-trigger";
import { retryDeadDelivery } from "./retry-dead-delivery";

/**
 * A merchant's "replay": the same event (same webhook-id and bytes, so a receiver that already
 * has it can drop it) sent again now. A dead-lettered delivery restarts its schedule, one waiting
 * for a retry becomes due at once, and a delivered one gets a fresh delivery to the same URL
 * (its attempts stay on record). Returns the delivery that will be attempted.
 */
export async function replayDelivery(tx: Prisma.TransactionClient, delivery: { id: string; eventId: string; url: string; status: string }, now = new Date()) {
  if (delivery.status === "dead" && (await retryDeadDelivery(tx, { deliveryId: delivery.id, now }))) return { deliveryId: delivery.id };
  if (delivery.status === "pending") {
    const { count } = await tx.webhookDelivery.updateMany({ where: { id: delivery.id, status: "pending" }, data: { nextAttemptAt: now } });
    if (count === 1) {
      sendJobTrigger({ name: "webhook/delivery.due", data: { deliveryId: delivery.id } });
      return { deliveryId: delivery.id };
    }
  }
  const deliveryId = `whd_${ulid()}`;
  await tx.webhookDelivery.create({ data: { id: deliveryId, eventId: delivery.eventId, url: delivery.url, createdAt: now, nextAttemptAt: now } });
  sendJobTrigger({ name: "webhook/delivery.due", data: { deliveryId } });
  return { deliveryId };
}
