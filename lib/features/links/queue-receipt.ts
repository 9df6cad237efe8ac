import type { Prisma } from "@prisma/client";
import { sendJobTrigger } from "@/lib/integrations/inngest/send-job-trigger";

/**
 * Queues a paid link's receipt message when its merchant sends receipts: receiptDueAt is the
 * outbox, written in the transaction that records the payment (the link's completion, or a
 * payment after expiry), so the message is due exactly when the payment commits, and never
 * without it. Due now (this process's clock, which the runner's claim compares with, not the
 * operator's time of the payment). The runner sends it after the commit (lib/features/receipts/send-receipt.ts); nothing is sent here.
 */
export async function queueReceipt(tx: Prisma.TransactionClient, link: { id: string; merchantId: string }): Promise<boolean> {
  const merchant = await tx.merchant.findUnique({ where: { id: link.merchantId }, select: { sendReceipts: true } });
  if (!merchant?.sendReceipts) return false;
  await tx.paymentLink.update({ where: { id: link.id }, data: { receiptDueAt: new Date() } });
  // Not awaited, as a webhook delivery's trigger: Inngest's send-receipt waits for the commit, and
  // without Inngest (or if this is lost) the runner's pass finds the due row.
  sendJobTrigger({ name: "payment-link/receipt.due", data: { linkId: link.id } });
  return true;
}
