import { db } from "@/lib/core/db/client";
import { sendLinkReceipt } from "@/lib/features/receipts/send-receipt";
import { inngest } from "@/lib/integrations/inngest/inngest-client";
import { paymentLinkReceiptDue } from "@/lib/integrations/inngest/job-triggers";

/** The job trigger may arrive before the payment's transaction commits: wait this often for it. */
const COMMIT_WAITS = 3;

/**
 * Sends a paid link's receipt messages as soon as the payment commits, instead of at the sweep's
 * next minute. Safe beside the sweep and a repeated event: each channel is sent at most once
 * (LinkSend.dedupeKey, lib/features/receipts/send-receipt.ts).
 */
export const sendReceiptJob = inngest.createFunction(
  { id: "send-receipt", triggers: [paymentLinkReceiptDue] },
  async ({ event, step }) => {
    const { linkId } = event.data;
    for (let round = 0; ; round++) {
      const sent = await step.run(`send-${round}`, () => sendLinkReceipt(db(), linkId));
      if (sent !== null) return { linkId, sent };
      // Not due: not committed yet, or handled already (by the sweep, or an earlier run).
      if (round === COMMIT_WAITS) return { linkId, sent: 0 };
      await step.sleep(`wait-for-commit-${round}`, "5s");
    }
  },
);
