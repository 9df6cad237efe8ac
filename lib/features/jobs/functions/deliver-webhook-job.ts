import { db } from "@/lib/core/db/client";
import { attemptDelivery } from "@/lib/features/webhooks/attempt-delivery";
import { webhookSettings } from "@/lib/features/webhooks/webhook-settings";
import { inngest } from "@/lib/integrations/inngest/inngest-client";
import { webhookDeliveryDue } from "@/lib/integrations/inngest/job-triggers";

/** The job trigger may arrive before the outbox row's transaction commits: wait this often for it. */
const COMMIT_WAITS = 3;

/**
 * Delivers one webhook through its whole retry schedule: attempt, sleep until the next attempt
 * is due, again, until it is delivered or dead-lettered. Every attempt goes through the same
 * claim as the embedded runner and the sweep, so none of them can send an attempt twice.
 */
export const deliverWebhookJob = inngest.createFunction(
  { id: "deliver-webhook", triggers: [webhookDeliveryDue] },
  async ({ event, step }) => {
    const { deliveryId } = event.data;
    let waits = 0;
    // Bounded: the schedule's attempts, plus the waits for the commit and for a rival's claim.
    const maxRounds = webhookSettings().retryScheduleMs.length + 1 + COMMIT_WAITS + 5;
    for (let round = 0; round < maxRounds; round++) {
      const state = await step.run(`attempt-${round}`, () => attemptDelivery(db(), { deliveryId }));
      if (!state.found) {
        if (++waits > COMMIT_WAITS) return { deliveryId, status: "not-found" };
        await step.sleep(`wait-for-commit-${round}`, "5s");
        continue;
      }
      if (state.status !== "pending" || !state.resumeAt) return { deliveryId, status: state.status };
      await step.sleepUntil(`wait-for-retry-${round}`, state.resumeAt);
    }
    // Whatever is left is due in the database, where the sweep finds it.
    return { deliveryId, status: "pending" };
  },
);
