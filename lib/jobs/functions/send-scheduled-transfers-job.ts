import { cron } from "inngest";
import { db } from "@/lib/db/client";
import { sendDueTransfers } from "@/lib/transfers/send-due-transfers";
import { inngest } from "@/lib/inngest/inngest-client";

/**
 * SCHEDULED transfers leave in batches: every few minutes, send those whose batch time has come
 * (the minute sweep does it too; this keeps batches on time when the sweep is busy).
 */
export const sendScheduledTransfersJob = inngest.createFunction(
  { id: "send-scheduled-transfers", triggers: [cron("*/5 * * * *")] },
  async ({ step }) => step.run("send-due-transfers", () => sendDueTransfers(db())),
);
