import type { DbClient } from "@/lib/core/db/client";
import { findDeliveries, toDeliveryJson } from "@/lib/features/webhooks/list-deliveries";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { PAGE_SIZE } from "@/lib/core/domain/list-filters";

// The dashboard's events view: the webhook events the service recorded for the member's merchant
// in the environment they are looking at (the same rows as GET /api/v4/events, plus the test
// events sent from the developers page, which have deliveries to look at too), each with its
// payload and every delivery attempt. Another merchant's or the other environment's event is
// simply not found.

/** An event id, as recorded (msg_ + a ULID): anything else in the URL is no cursor. */
const EVENT_ID = /^msg_[0-9A-HJKMNP-TV-Z]{26}$/;

export type MerchantEventSummary = {
  id: string;
  type: string;
  reference: string;
  createdAt: string;
  /** The delivery's state, or null when the event had no URL to go to. */
  delivery: { status: "pending" | "delivered" | "dead"; attempts: number } | null;
};

/** One page of the scope's events, newest first (by id, a ULID: creation order), from after `cursor`. */
export async function listMerchantEvents(client: DbClient, scope: MerchantScope, cursor?: string) {
  const after = cursor && EVENT_ID.test(cursor) ? cursor : undefined;
  const rows = await client.webhookEvent.findMany({
    where: { merchantId: scope.merchantId, environment: scope.environment, ...(after ? { id: { lt: after } } : {}) },
    select: { id: true, type: true, reference: true, createdAt: true, deliveries: { select: { status: true, attemptCount: true }, orderBy: { createdAt: "asc" }, take: 1 } },
    orderBy: { id: "desc" },
    take: PAGE_SIZE + 1,
  });
  const items: MerchantEventSummary[] = rows.slice(0, PAGE_SIZE).map((row) => ({
    id: row.id,
    type: row.type,
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
    delivery: row.deliveries[0] ? { status: row.deliveries[0].status, attempts: row.deliveries[0].attemptCount } : null,
  }));
  return { items, nextCursor: rows.length > PAGE_SIZE ? items[items.length - 1].id : null };
}

/** One event of the scope with its payload (pretty JSON) and every delivery with its attempts; null when not the scope's. */
export async function getMerchantEvent(client: DbClient, scope: MerchantScope, id: string) {
  if (!EVENT_ID.test(id)) return null;
  const event = await client.webhookEvent.findFirst({ where: { id, merchantId: scope.merchantId, environment: scope.environment } });
  if (!event) return null;
  const deliveries = await findDeliveries(client, { eventId: event.id });
  let payload: string;
  try {
    payload = JSON.stringify(JSON.parse(event.payload), null, 2);
  } catch {
    // Stored by JSON.stringify, so always JSON; shown as stored should that ever change.
    payload = event.payload;
  }
  return {
    id: event.id,
    type: event.type,
    reference: event.reference,
    createdAt: event.createdAt.toISOString(),
    payload,
    deliveries: deliveries.map(toDeliveryJson),
  };
}
