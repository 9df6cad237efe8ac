import type { Prisma } from "@prisma/client";
import { ulid } from "@/lib/domain/ulid";
import type { Environment } from "@/lib/domain/environment";
import { sendJobEvent } from "@/lib/inngest/send-job-event";

type EventToRecord = { merchantId: string; environment: Environment; type: string; reference: string; url: string | null; payload: object };

/**
 * Writes an event, and its delivery when there is a URL to deliver to, to the outbox. Call it
 * inside the transaction of the state change that causes the event: both commit or neither does.
 * Every final transition records its event, callbackUrl or not: the events API
 * (GET /api/v4/events) is the merchant's pull view of them, for reconciliation and for
 * `npm run webhooks:listen`. The first attempt is due at once; the embedded runner (or Inngest,
 * told below) picks it up after the commit.
 */
export async function recordWebhookEvent(tx: Prisma.TransactionClient, options: EventToRecord & { url: string }): Promise<{ eventId: string; deliveryId: string }>;
export async function recordWebhookEvent(tx: Prisma.TransactionClient, options: EventToRecord): Promise<{ eventId: string; deliveryId: string | null }>;
export async function recordWebhookEvent(tx: Prisma.TransactionClient, options: EventToRecord) {
  const eventId = `msg_${ulid()}`;
  const deliveryId = options.url ? `whd_${ulid()}` : null;
  const now = new Date();
  await tx.webhookEvent.create({
    data: {
      id: eventId,
      merchantId: options.merchantId,
      environment: options.environment,
      type: options.type,
      reference: options.reference,
      payload: JSON.stringify(options.payload),
      createdAt: now,
      ...(options.url && deliveryId ? { deliveries: { create: { id: deliveryId, url: options.url, createdAt: now, nextAttemptAt: now } } } : {}),
    },
  });
  // Not awaited: an HTTP call must not hold the transaction open. If Inngest hears of it before
  // the commit, the function waits for the row; if it never hears, the sweep delivers it.
  if (deliveryId) sendJobEvent({ name: "webhook/delivery.due", data: { deliveryId } });
  return { eventId, deliveryId };
}
