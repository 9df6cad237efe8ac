import type { Prisma } from "@prisma/client";
import { ulid } from "@/lib/core/domain/ulid";
import type { Environment } from "@/lib/core/domain/environment";
import { activeTraceparent } from "@/lib/core/tracing/tracing";
import { sendJobTrigger } from "@/lib/integrations/inngest/send-job-trigger";

type EventToRecord = {
  merchantId: string;
  environment: Environment;
  type: string;
  reference: string;
  url: string | null;
  payload: object;
  /**
   * The trace its deliveries continue (tracing on): the request that created the payment
   * (Deposit.traceparent), so the merchant finds the trace id of its API answer in the webhook;
   * without one, the active span's (the request or job recording the event).
   */
  traceparent?: string | null;
};

/**
 * Writes an event, and its delivery when there is a URL to deliver to, to the outbox. Call it
 * inside the transaction of the state change that causes the event: both commit or neither does.
 * Every final transition records its event, callbackUrl or not: the events API
 * (GET /api/v4/events) is the merchant's pull view of them, for reconciliation and for
 * `npm run webhooks:listen`. The first attempt is due at once; the embedded runner (or Inngest,
 * told below) picks it up after the commit, at once if the caller signals deliveriesDue().
 */
export async function recordWebhookEvent(tx: Prisma.TransactionClient, options: EventToRecord & { url: string }): Promise<{ eventId: string; deliveryId: string }>;
export async function recordWebhookEvent(tx: Prisma.TransactionClient, options: EventToRecord): Promise<{ eventId: string; deliveryId: string | null }>;
export async function recordWebhookEvent(tx: Prisma.TransactionClient, options: EventToRecord) {
  return (await recordWebhookEvents(tx, [options]))[0];
}

/** Several events (a batch of settlements) in one statement, and their deliveries in one more. */
export async function recordWebhookEvents(tx: Prisma.TransactionClient, events: EventToRecord[]): Promise<{ eventId: string; deliveryId: string | null }[]> {
  const now = new Date();
  const rows = events.map((event) => ({ event, eventId: `msg_${ulid()}`, deliveryId: event.url ? `whd_${ulid()}` : null }));
  if (rows.length === 0) return [];
  await tx.webhookEvent.createMany({
    data: rows.map(({ event, eventId }) => ({
      id: eventId,
      merchantId: event.merchantId,
      environment: event.environment,
      type: event.type,
      reference: event.reference,
      payload: JSON.stringify(event.payload),
      traceparent: event.traceparent || activeTraceparent(),
      createdAt: now,
    })),
  });
  const deliveries = rows.flatMap(({ event, eventId, deliveryId }) =>
    event.url && deliveryId ? [{ id: deliveryId, eventId, url: event.url, createdAt: now, nextAttemptAt: now }] : [],
  );
  if (deliveries.length > 0) await tx.webhookDelivery.createMany({ data: deliveries });
  // Not awaited: an HTTP call must not hold the transaction open. If Inngest hears of it before
  // the commit, the function waits for the row; if it never hears, the sweep delivers it.
  for (const delivery of deliveries) sendJobTrigger({ name: "webhook/delivery.due", data: { deliveryId: delivery.id } });
  return rows.map(({ eventId, deliveryId }) => ({ eventId, deliveryId }));
}
