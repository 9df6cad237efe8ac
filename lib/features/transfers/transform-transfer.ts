import { awaitsAdmin } from "@/lib/core/domain/transfer-review";
import type { Transfer } from "@prisma/client";
import { toMajor } from "@/lib/core/domain/money";
import { formatFractionalSeconds } from "@/lib/core/domain/time";
import type { TransferWebhook } from "@/lib/core/schemas/transfer";

/** The API's view of a transfer. */
export function toTransferJson(transfer: Transfer) {
  const money = (minor: bigint) => toMajor(minor, transfer.currency);
  const stamp = (date: Date | null) => (date ? formatFractionalSeconds(date) : null);
  return {
    reference: transfer.reference,
    status: transfer.status,
    gatewayName: transfer.gatewayName,
    gatewayType: transfer.gatewayType,
    amount: money(transfer.amountMinor),
    fees: money(transfer.feesMinor),
    totalDebited: money(transfer.amountMinor + transfer.feesMinor),
    currency: transfer.currency,
    country: transfer.country,
    beneficiaryPhone: transfer.beneficiaryPhone,
    beneficiaryName: transfer.beneficiaryName,
    callbackUrl: transfer.callbackUrl,
    metadata: (transfer.metadata as Record<string, unknown> | null) ?? null,
    failureReason: transfer.failureReason,
    scheduledFor: transfer.gatewayType === "SCHEDULED" && transfer.status === "pending" && !transfer.handedOverAt ? stamp(transfer.dueAt) : null,
    awaitingApproval: awaitsAdmin(transfer),
    createdAt: formatFractionalSeconds(transfer.createdAt),
    completedAt: stamp(transfer.completedAt),
    failedAt: stamp(transfer.failedAt),
    ...(transfer.batchLineReference ? { batchLineReference: transfer.batchLineReference } : {}),
  };
}

/** The transfer.* webhook body; key order is fixed (the body is stored and re-sent byte for byte). */
export function transferWebhookPayload(transfer: Transfer, event: TransferWebhook["event"]): TransferWebhook {
  if (transfer.status === "pending") throw new Error("a webhook is only built for a final state");
  return {
    event,
    reference: transfer.reference,
    status: transfer.status,
    amount: toMajor(transfer.amountMinor, transfer.currency),
    currency: transfer.currency,
    fees: toMajor(transfer.feesMinor, transfer.currency),
    gatewayName: transfer.gatewayName,
    beneficiaryPhone: transfer.beneficiaryPhone,
    failureReason: transfer.failureReason,
    completedAt: transfer.completedAt ? formatFractionalSeconds(transfer.completedAt) : null,
    metadata: (transfer.metadata as Record<string, unknown> | null) ?? null,
    ...(transfer.batchLineReference ? { batchLineReference: transfer.batchLineReference } : {}),
  };
}
