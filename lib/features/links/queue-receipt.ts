import type { Prisma } from "@prisma/client";
import { sendJobTrigger } from "@/lib/integrations/inngest/send-job-trigger";

/**
 * Queues a paid link's receipt message when its merchant sends receipts: receiptDueAt is the
 * outbox, written in the transaction that records the payment (the link's completion, or a
 * payment after expiry), so the message is due exactly when the payment commits, and never
 * without it. Due now (this process's clock, which the runner's claim compares with, not the
 * operator's time of the payment). The runner sends it after the commit (lib/features/receipts/send-receipt.ts); nothing is sent here.
 */
export async function queueReceipt(tx: Prisma.TransactionClient, link: { id: string }): Promise<boolean> {
  // One conditional statement in the payment's transaction (it holds the link's row lock), not a
  // read of the merchant and then a write.
  const { count } = await tx.paymentLink.updateMany({ where: { id: link.id, merchant: { sendReceipts: true } }, data: { receiptDueAt: new Date() } });
  if (count === 0) return false;
  // Not awaited, as a webhook delivery's trigger: Inngest's send-receipt waits for the commit, and
  // without Inngest (or if this is lost) the runner's pass finds the due row.
  sendJobTrigger({ name: "payment-link/receipt.due", data: { linkId: link.id } });
  return true;
}
