import type { WebhookDelivery, WebhookEvent } from "@prisma/client";
import { formatFractionalSeconds } from "@/lib/core/domain/time";
import type { EventJson } from "@/lib/core/schemas/event";

export type EventRow = WebhookEvent & { deliveries: Pick<WebhookDelivery, "status" | "attemptCount" | "deliveredAt" | "nextAttemptAt">[] };

/** What the events API selects with each event: its delivery's state, not its attempts. */
export const eventRowInclude = {
  deliveries: { select: { status: true, attemptCount: true, deliveredAt: true, nextAttemptAt: true }, take: 1 },
} as const;

/**
 * An event as the API shows it. The payload is the stored text parsed: JSON.stringify gives the
 * same text back (it was written by JSON.stringify), so the delivered bytes are reproducible.
 */
export function toEventJson(row: EventRow): EventJson {
  const delivery = row.deliveries[0];
  return {
    id: row.id,
    type: row.type as EventJson["type"],
    reference: row.reference,
    createdAt: formatFractionalSeconds(row.createdAt),
    payload: JSON.parse(row.payload),
    delivery: delivery
      ? {
          status: delivery.status,
          attempts: delivery.attemptCount,
          deliveredAt: delivery.deliveredAt ? formatFractionalSeconds(delivery.deliveredAt) : null,
          nextAttemptAt: delivery.status === "pending" && delivery.nextAttemptAt ? formatFractionalSeconds(delivery.nextAttemptAt) : null,
        }
      : null,
  };
}
