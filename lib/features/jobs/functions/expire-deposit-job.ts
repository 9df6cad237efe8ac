import { db } from "@/lib/core/db/client";
import { expireDeposit } from "@/lib/features/deposits/expire-deposit";
import { inngest } from "@/lib/integrations/inngest/inngest-client";
import { depositCreated } from "@/lib/integrations/inngest/job-triggers";

/** Sleeps until the deposit's expiresAt, then settles it: the operator's answer, or expired. */
export const expireDepositJob = inngest.createFunction(
  { id: "expire-deposit", triggers: [depositCreated] },
  async ({ event, step }) => {
    await step.sleepUntil("wait-for-expiry", event.data.expiresAt);
    return step.run("expire-deposit", () => expireDeposit(db(), { id: event.data.depositId }));
  },
);
