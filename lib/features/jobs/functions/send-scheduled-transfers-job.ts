import { cron } from "inngest";
import { db } from "@/lib/core/db/client";
import { sendDueTransfers } from "@/lib/features/transfers/send-due-transfers";
import { inngest } from "@/lib/integrations/inngest/inngest-client";

/**
 * SCHEDULED transfers leave in batches: every few minutes, send those whose batch time has come
 * (the minute sweep does it too; this keeps batches on time when the sweep is busy).
 */
export const sendScheduledTransfersJob = inngest.createFunction(
  { id: "send-scheduled-transfers", triggers: [cron("*/5 * * * *")] },
  async ({ step }) => step.run("send-due-transfers", () => sendDueTransfers(db())),
);
