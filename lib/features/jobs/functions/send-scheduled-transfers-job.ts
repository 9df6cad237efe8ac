import { cron } from "inngest";
import { db } from "@/lib/core/db/client";
import { sendDueMoneyOut } from "@/lib/features/money-out/send-due-money-out";
import { TRANSFER_KIND } from "@/lib/features/transfers/transfer-kind";
import { inngest } from "@/lib/integrations/inngest/inngest-client";

/**
 * SCHEDULED transfers leave in batches: every few minutes, send those whose batch time has come
 * (the minute sweep does it too; this keeps batches on time when the sweep is busy).
 */
export const sendScheduledTransfersJob = inngest.createFunction(
  { id: "send-scheduled-transfers", triggers: [cron("*/5 * * * *")] },
  async ({ step }) => step.run("send-due-transfers", () => sendDueMoneyOut(db(), TRANSFER_KIND)),
);
