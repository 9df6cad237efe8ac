import type { TransferBatch } from "@prisma/client";
import { toMajor } from "@/lib/core/domain/money";
import { formatFractionalSeconds, formatFractionalSecondsOrNull } from "@/lib/core/domain/time";
import { BATCH_LINE_STATUSES, type BatchLineStatus, type TransferBatchJson, type TransferBatchLineJson } from "@/lib/core/schemas/transfer-batch";
import type { BatchLineRow, BatchSummary } from "./read-batch";

// The API's view of a batch and its lines, and the transfer_batch.completed webhook's body.

function moneyByStatus(summary: BatchSummary, currency: string) {
  const out = {} as Record<BatchLineStatus, { amount: number; fees: number }>;
  for (const status of BATCH_LINE_STATUSES) {
    const { amountMinor, feesMinor } = summary.totals[status];
    out[status] = { amount: toMajor(amountMinor, currency), fees: toMajor(feesMinor, currency) };
  }
  return out;
}

export function toTransferBatchJson(batch: TransferBatch, summary: BatchSummary, retryOfReference: string | null): TransferBatchJson {
  const money = (minor: bigint) => toMajor(minor, batch.currency);
  return {
    reference: batch.reference,
    status: batch.status,
    title: batch.title,
    currency: batch.currency,
    lineCount: batch.lineCount,
    amount: money(batch.amountMinor),
    fees: money(batch.feesMinor),
    totalDebited: money(batch.amountMinor + batch.feesMinor),
    counts: summary.counts,
    totals: moneyByStatus(summary, batch.currency),
    callbackUrl: batch.callbackUrl,
    retryOf: retryOfReference,
    createdAt: formatFractionalSeconds(batch.createdAt),
    approvedAt: formatFractionalSecondsOrNull(batch.approvedAt),
    cancelledAt: formatFractionalSecondsOrNull(batch.cancelledAt),
    completedAt: formatFractionalSecondsOrNull(batch.completedAt),
  };
}

export function toBatchLineJson(line: BatchLineRow): TransferBatchLineJson {
  return {
    line: line.lineNumber,
    reference: line.reference,
    status: line.status,
    amount: toMajor(line.amountMinor, line.currency),
    fees: toMajor(line.feesMinor, line.currency),
    currency: line.currency,
    country: line.country,
    gatewayName: line.gatewayName,
    beneficiaryPhone: line.beneficiaryPhone,
    beneficiaryName: line.beneficiaryName,
    transferReference: line.transferReference,
    failureReason: line.failureReason,
    completedAt: formatFractionalSecondsOrNull(line.completedAt),
    metadata: line.metadata,
  };
}

/** transfer_batch.completed; key order is fixed (the body is stored and re-sent byte for byte). */
export function batchCompletedPayload(batch: TransferBatch, summary: BatchSummary, status: "completed" | "completed_with_failures", at: Date) {
  return {
    event: "transfer_batch.completed" as const,
    reference: batch.reference,
    status,
    title: batch.title,
    currency: batch.currency,
    lineCount: batch.lineCount,
    counts: summary.counts,
    totals: moneyByStatus(summary, batch.currency),
    completedAt: formatFractionalSeconds(at),
  };
}
