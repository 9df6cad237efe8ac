import type { DbClient } from "@/lib/core/db/client";
import { EVENT_RETENTION_DAYS } from "@/lib/core/schemas/event";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Retention: events older than EVENT_RETENTION_DAYS go, with their deliveries and attempts
 * (cascade). An event whose delivery is still pending (in its retry schedule, about 28 hours
 * long, or in a new round a staff member started on a dead letter) is kept until that delivery
 * ends, delivered or dead, so a retry never loses the body it signs; the next pass takes it.
 * Runs in every due-work pass (embedded runner, Inngest's minute sweep) a batch at a time: when
 * nothing is old it is one probe of the createdAt index.
 */
export async function deleteExpiredEvents(client: DbClient, now = new Date(), batchSize = 500): Promise<number> {
  const cutoff = new Date(now.getTime() - EVENT_RETENTION_DAYS * DAY_MS);
  const expired = { createdAt: { lt: cutoff }, deliveries: { none: { status: "pending" as const } } };
  const rows = await client.webhookEvent.findMany({ where: expired, select: { id: true }, orderBy: { createdAt: "asc" }, take: batchSize });
  if (rows.length === 0) return 0;
  // The condition again: a delivery a staff member put back into pending since the read keeps its event.
  const { count } = await client.webhookEvent.deleteMany({ where: { id: { in: rows.map((r) => r.id) }, ...expired } });
  return count;
}
