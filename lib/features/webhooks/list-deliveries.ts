import type { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";

// The delivery log as support and merchants see it: each delivery with every attempt (time,
// status, response excerpt). Callers scope `where` (support: all; merchants: their own).

const deliveryInclude = {
  event: { select: { type: true, reference: true, merchantId: true, environment: true } },
  attempts: { orderBy: { number: "asc" as const } },
};

type DeliveryRow = Awaited<ReturnType<typeof findDeliveries>>[number];
export type DeliveryJson = ReturnType<typeof toDeliveryJson>;

export function findDeliveries(client: DbClient, where: Prisma.WebhookDeliveryWhereInput, take = 100) {
  return client.webhookDelivery.findMany({ where, include: deliveryInclude, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take });
}

export function toDeliveryJson(d: DeliveryRow) {
  return {
    id: d.id,
    eventType: d.event.type,
    reference: d.event.reference,
    merchantId: d.event.merchantId,
    environment: d.event.environment,
    url: d.url,
    status: d.status,
    createdAt: d.createdAt.toISOString(),
    nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
    lastError: d.lastError,
    attempts: d.attempts.map((a) => ({
      number: a.number,
      startedAt: a.startedAt.toISOString(),
      httpStatus: a.httpStatus,
      durationMs: a.durationMs,
      responseExcerpt: a.responseExcerpt,
      error: a.error,
      succeeded: a.succeeded,
    })),
  };
}

/** Every delivery of the events about these references, with all its attempts. */
export async function deliveriesFor(client: DbClient, merchantId: string, references: string[]) {
  return (await findDeliveries(client, { event: { merchantId, reference: { in: references } } })).map(toDeliveryJson);
}
