import type { Prisma } from "@prisma/client";
import { recordWebhookEvent } from "@/lib/features/webhooks/record-webhook-event";
import { batchSummary } from "./read-batch";
import { batchCompletedPayload } from "./transform-batch";

/**
 * After one of a batch's transfers reached a final state, in that transition's transaction
 * (lib/features/transfers/transfer-kind.ts): when it was the batch's last pending line, the batch
 * completes (with failures when any line failed) and records transfer_batch.completed, once.
 * The batch's row is locked first, so two last lines finishing at once in two transactions take
 * turns, and the second reads (in a statement begun after the first committed) that nothing is
 * pending any more. A line paid late after its release ("no record", then paid) turns a batch that
 * completed with failures into a completed one; its webhook was sent and is not sent again.
 */
export async function finishBatchIfDone(tx: Prisma.TransactionClient, batchId: string, at: Date): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM "TransferBatch" WHERE "id" = ${batchId} FOR UPDATE`;
  const [open] = await tx.$queryRaw<{ pending: number; failed: number }[]>`
    SELECT count(*) FILTER (WHERE "status" = 'pending')::int AS pending, count(*) FILTER (WHERE "status" = 'failed')::int AS failed
    FROM "Transfer" WHERE "batchId" = ${batchId}`;
  if (!open || open.pending > 0) return;
  const status = open.failed > 0 ? "completed_with_failures" : "completed";
  const { count } = await tx.transferBatch.updateMany({ where: { id: batchId, status: "processing" }, data: { status, completedAt: at } });
  if (count === 0) {
    await tx.transferBatch.updateMany({ where: { id: batchId, status: { in: ["completed", "completed_with_failures"] } }, data: { status } });
    return;
  }
  const batch = await tx.transferBatch.findUniqueOrThrow({ where: { id: batchId } });
  await recordWebhookEvent(tx, {
    merchantId: batch.merchantId,
    environment: batch.environment,
    type: "transfer_batch.completed",
    reference: batch.reference,
    url: batch.callbackUrl,
    payload: batchCompletedPayload(batch, await batchSummary(tx, batchId), status, at),
  });
}
