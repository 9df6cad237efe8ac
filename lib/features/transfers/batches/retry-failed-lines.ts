import type { TransferBatch } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { toMajor } from "@/lib/core/domain/money";
import { refused } from "@/lib/core/errors/domain-error";
import { getBatchOrThrow } from "./approve-batch";
import type { BatchActor } from "./batch-actor";
import { createTransferBatch } from "./create-batch";

/**
 * "Retry the failed lines": a new batch of a finished batch's failed lines, in one action, awaiting
 * approval like any batch (the money moves again, so a second member says so again). Each line
 * keeps its reference, handed over from the failed line in the new batch's transaction: a second
 * retry of the same lines, at once or later, finds them taken (409) and pays nothing twice. A line
 * whose funds were released on its operator's silence ("no record") is still read there for days
 * and may yet show paid (lib/features/money-out/follow-released.ts): it is not sent again until
 * that follow is over, or it could pay its beneficiary twice.
 */
export async function retryFailedLines(client: DbClient, options: { merchantId: string; environment: Environment; reference: string; maker: BatchActor; now?: Date }): Promise<TransferBatch> {
  const batch = await getBatchOrThrow(client, options.merchantId, options.environment, options.reference);
  if (batch.status !== "completed_with_failures") {
    throw refused(`batch ${batch.reference} is ${batch.status.replace(/_/g, " ")}: only a batch completed with failures has failed lines to send again`);
  }
  const failed = await client.transferBatchLine.findMany({
    where: { batchId: batch.id, activeReference: { not: null }, transferId: { not: null } },
    orderBy: { lineNumber: "asc" },
  });
  const failedTransfers = await client.transfer.findMany({ where: { batchId: batch.id, status: "failed" }, select: { id: true, followUntil: true } });
  const settled = new Set(failedTransfers.filter((transfer) => transfer.followUntil === null).map((transfer) => transfer.id));
  const lines = failed.filter((line) => settled.has(line.transferId!));
  const followed = failedTransfers.length - settled.size;
  if (lines.length === 0) {
    // Name the batch that took them, for a client that lost the first retry's answer.
    const retries = await client.transferBatch.findMany({ where: { retryOfBatchId: batch.id }, select: { reference: true }, orderBy: { createdAt: "asc" } });
    throw refused(
      followed > 0
        ? `${followed} of batch ${batch.reference}'s failed lines are still read at their operator (released on its silence, they may yet show paid): retry them once that follow is over`
        : `batch ${batch.reference}'s failed lines were already sent again${retries.length ? ` in ${retries.map((r) => r.reference).join(", ")}` : ""}`,
    );
  }
  return createTransferBatch(client, {
    merchantId: batch.merchantId,
    environment: batch.environment,
    maker: options.maker,
    now: options.now,
    retryOf: { batchId: batch.id, lineIds: lines.map((line) => line.id) },
    input: {
      title: `${batch.title ?? batch.reference} (retry)`.slice(0, 100),
      ...(batch.callbackUrl ? { callbackUrl: batch.callbackUrl } : {}),
      items: lines.map((line) => ({
        reference: line.reference,
        amount: toMajor(line.amountMinor, line.currency),
        currency: line.currency,
        gatewayName: line.gatewayName,
        beneficiaryPhone: line.beneficiaryPhone,
        ...(line.beneficiaryName ? { beneficiaryName: line.beneficiaryName } : {}),
        country: line.country,
        ...(line.callbackUrl ? { callbackUrl: line.callbackUrl } : {}),
        ...(line.metadata ? { metadata: line.metadata } : {}),
      })),
    },
  });
}
