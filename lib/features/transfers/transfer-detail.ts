import { awaitsAdmin } from "@/lib/core/domain/transfer-review";
import type { LedgerEntry, Transfer } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { formatFractionalSeconds, formatFractionalSecondsOrNull as stamp } from "@/lib/core/domain/time";
import { notFound } from "@/lib/core/errors/domain-error";
import { deliveriesFor } from "@/lib/features/webhooks/list-deliveries";

type TimelineEntry = { at: string; event: string; reference: string; details?: string | null };

function transferTimeline(t: Transfer, reviewer: string | null): TimelineEntry[] {
  const entries: TimelineEntry[] = [{ at: formatFractionalSeconds(t.createdAt), event: `transfer.created (${t.gatewayType} via ${t.gatewayName})`, reference: t.reference }];
  // Named as in the audit log; an approval is completed, a rejection failed, at the same moment.
  if (t.reviewedAt) entries.push({ at: formatFractionalSeconds(t.reviewedAt), event: t.status === "completed" ? "transfer.approve" : "transfer.reject", reference: t.reference, details: reviewer });
  if (t.completedAt) entries.push({ at: formatFractionalSeconds(t.completedAt), event: "transfer.completed", reference: t.reference });
  if (t.failedAt) entries.push({ at: formatFractionalSeconds(t.failedAt), event: "transfer.failed", reference: t.reference, details: t.failureReason });
  // Released on "no record", then shown paid by the operator: the merchant debited again then.
  if (t.completedLateAt) entries.push({ at: formatFractionalSeconds(t.completedLateAt), event: "transfer.completed_late", reference: t.reference });
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

/** A ledger entry on a detail page: money as minor units in a string, in posting order. */
export function ledgerJson(e: LedgerEntry) {
  return {
    id: e.id,
    journalId: e.journalId,
    at: formatFractionalSeconds(e.createdAt),
    kind: e.kind,
    account: e.account,
    amountMinor: e.amountMinor.toString(),
    currency: e.currency,
  };
}

/**
 * Everything about one transfer for support: its fields (money as minor units in strings, for the
 * page to print exactly), status and timestamps, who reviewed it, the ledger entries posted under
 * its reference (by posting, debits first) and its webhook deliveries. A read only: a due sandbox transfer is left for the
 * runner to send, not sent by a support agent opening the page.
 */
export async function transferDetail(client: DbClient, reference: string) {
  const transfer = await client.transfer.findUnique({ where: { reference } });
  if (!transfer) throw notFound("Transfer");
  const [merchant, reviewer, ledger, webhooks] = await Promise.all([
    client.merchant.findUnique({ where: { id: transfer.merchantId }, select: { id: true, name: true } }),
    transfer.reviewedBy ? client.user.findUnique({ where: { id: transfer.reviewedBy }, select: { email: true } }) : null,
    client.ledgerEntry.findMany({ where: { merchantId: transfer.merchantId, reference: transfer.reference }, orderBy: [{ createdAt: "asc" }, { journalId: "asc" }, { amountMinor: "asc" }] }),
    deliveriesFor(client, transfer.merchantId, [transfer.reference]),
  ]);
  const reviewedBy = transfer.reviewedBy ? (reviewer?.email ?? transfer.reviewedBy) : null;
  return {
    kind: "transfer" as const,
    environment: transfer.environment,
    merchant: merchant ?? { id: transfer.merchantId, name: transfer.merchantId },
    transfer: {
      reference: transfer.reference,
      status: transfer.status,
      gatewayName: transfer.gatewayName,
      gatewayType: transfer.gatewayType,
      currency: transfer.currency,
      amountMinor: transfer.amountMinor.toString(),
      feesMinor: transfer.feesMinor.toString(),
      totalDebitedMinor: (transfer.amountMinor + transfer.feesMinor).toString(),
      country: transfer.country,
      beneficiaryPhone: transfer.beneficiaryPhone,
      beneficiaryName: transfer.beneficiaryName,
      failureReason: transfer.failureReason,
      // Live payouts: the operator it goes through, our request id there (MTN X-Reference-Id) and its transaction id.
      operator: transfer.operator,
      operatorRequestId: transfer.operatorRequestId,
      operatorReference: transfer.operatorReference,
      // What the operator charged the platform for the payout (Wave's fee), out of our fee.
      operatorFeeMinor: transfer.operatorFeeMinor?.toString() ?? null,
      callbackUrl: transfer.callbackUrl,
      metadata: (transfer.metadata as Record<string, unknown> | null) ?? null,
      awaitingApproval: awaitsAdmin(transfer),
      // Live payouts: when a request last left for the operator, how many were sent, and what the
      // operator last said (and when); a bank transfer's batch handed to support to pay by hand.
      operatorSentAt: stamp(transfer.operatorSentAt),
      sendAttempts: transfer.sendAttempts,
      operatorAnswer: transfer.operatorAnswer,
      operatorCheckedAt: stamp(transfer.operatorCheckedAt),
      handedOverAt: stamp(transfer.handedOverAt),
      createdAt: formatFractionalSeconds(transfer.createdAt),
      // DIRECT: when the operator's answer is expected; SCHEDULED: the batch. Null once final.
      dueAt: stamp(transfer.dueAt),
      reviewedAt: stamp(transfer.reviewedAt),
      reviewedBy,
      completedAt: stamp(transfer.completedAt),
      failedAt: stamp(transfer.failedAt),
      // Released on "no record": read at the operator until followUntil; paid after all: when it was booked again.
      followUntil: stamp(transfer.followUntil),
      completedLateAt: stamp(transfer.completedLateAt),
    },
    timeline: transferTimeline(transfer, reviewedBy),
    ledger: ledger.map(ledgerJson),
    webhooks,
  };
}
