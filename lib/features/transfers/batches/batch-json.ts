import type { TransferBatch } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import type { TransferBatchJson } from "@/lib/core/schemas/transfer-batch";
import { batchSummary } from "./read-batch";
import { toTransferBatchJson } from "./transform-batch";

/** A batch as the API shows it: its row, its lines' counts and totals by status, and the batch it retries by reference. */
export async function transferBatchJson(client: DbClient, batch: TransferBatch): Promise<TransferBatchJson> {
  const summary = await batchSummary(client, batch.id);
  const retryOf = batch.retryOfBatchId ? await client.transferBatch.findUnique({ where: { id: batch.retryOfBatchId }, select: { reference: true } }) : null;
  return toTransferBatchJson(batch, summary, retryOf?.reference ?? null);
}
