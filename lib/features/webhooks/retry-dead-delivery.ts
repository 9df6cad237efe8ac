import type { DbClient } from "@/lib/core/db/client";
import { sendJobTrigger } from "@/lib/integrations/inngest/send-job-trigger";

/**
 * Staff's retry of a dead-lettered delivery: it becomes due now, with a fresh retry schedule;
 * its attempts so far stay on record and numbering continues. Returns whether it was dead.
 */
export async function retryDeadDelivery(client: DbClient, options: { deliveryId: string; now?: Date }): Promise<boolean> {
  const { count } = await client.webhookDelivery.updateMany({
    where: { id: options.deliveryId, status: "dead" },
    data: { status: "pending", nextAttemptAt: options.now ?? new Date(), roundFailures: 0, deadAt: null },
  });
  if (count === 1) sendJobTrigger({ name: "webhook/delivery.due", data: { deliveryId: options.deliveryId } });
  return count === 1;
}
