import type { DbClient } from "@/lib/core/db/client";
import { formatFractionalSeconds, formatFractionalSecondsOrNull as stamp } from "@/lib/core/domain/time";
import { notFound } from "@/lib/core/errors/domain-error";
import { chargedMinor } from "@/lib/features/refunds/refund-operator";
import { deliveriesFor } from "@/lib/features/webhooks/list-deliveries";
import { refundSummary } from "@/lib/core/domain/support-rows";
import { recordableByHand } from "./refund-actions";
import { ledgerJson } from "@/lib/features/transfers/transfer-detail";

/**
 * Everything about one refund for support: its money (minor units in strings), who asked and why,
 * how it goes back (method) and what its operator last said, the payment it gives back, its ledger
 * entries and webhook deliveries, and which of support's actions apply now: record it by hand
 * (lib/features/refunds/refund-actions.ts), or send again a failed refund the platform owes.
 */
export async function refundDetail(client: DbClient, reference: string) {
  const refund = await client.refund.findUnique({ where: { reference }, include: { deposit: { include: { paymentLink: { select: { reference: true } } } } } });
  if (!refund) throw notFound("Refund");
  const asker = /^(?:dashboard|support):(.+)$/.exec(refund.requestedBy)?.[1];
  const [merchant, user, ledger, webhooks, standingDue] = await Promise.all([
    client.merchant.findUnique({ where: { id: refund.merchantId }, select: { id: true, name: true } }),
    asker ? client.user.findUnique({ where: { id: asker }, select: { email: true } }) : null,
    client.ledgerEntry.findMany({ where: { merchantId: refund.merchantId, reference: refund.reference }, orderBy: [{ createdAt: "asc" }, { journalId: "asc" }, { amountMinor: "asc" }] }),
    deliveriesFor(client, refund.merchantId, [refund.reference]),
    // retryRefundDue's rule: a failed refund due is sent again unless another is on its way.
    refund.source === "refund_due" && refund.status === "failed"
      ? client.refund.count({ where: { depositId: refund.depositId, source: "refund_due", status: { not: "failed" } } })
      : null,
  ]);
  const { deposit } = refund;
  return {
    kind: "refund" as const,
    environment: refund.environment,
    merchant: merchant ?? { id: refund.merchantId, name: refund.merchantId },
    refund: {
      ...refundSummary(refund),
      // Times as the transfer's page gives them (UTC, fractional seconds, no zone).
      createdAt: formatFractionalSeconds(refund.createdAt),
      completedAt: stamp(refund.completedAt),
      failedAt: stamp(refund.failedAt),
      // Released on "no record": read at the operator until followUntil; paid after all: when it was booked again.
      followUntil: stamp(refund.followUntil),
      completedLateAt: stamp(refund.completedLateAt),
      requestedBy: refund.requestedBy,
      requestedByEmail: user?.email ?? null,
      customerPhone: refund.customerPhone,
      gatewayName: refund.gatewayName,
      callbackUrl: refund.callbackUrl,
      metadata: (refund.metadata as Record<string, unknown> | null) ?? null,
      // How it goes back, and where it stands with the operator.
      operator: refund.operator,
      operatorRequestId: refund.operatorRequestId,
      operatorReference: refund.operatorReference,
      operatorFeeMinor: refund.operatorFeeMinor?.toString() ?? null,
      operatorAnswer: refund.operatorAnswer,
      operatorCheckedAt: stamp(refund.operatorCheckedAt),
      operatorSentAt: stamp(refund.operatorSentAt),
      sendAttempts: refund.sendAttempts,
      // When the next automatic step is due (sent, answered, looked up); null: none (final, or support's).
      dueAt: stamp(refund.dueAt),
      recordableByHand: recordableByHand(refund),
      retryable: standingDue === 0,
    },
    payment: {
      reference: refund.paymentReference,
      depositReference: deposit.validatedReference ?? deposit.reference,
      linkReference: deposit.paymentLink?.reference ?? null,
      status: deposit.status,
      currency: deposit.currency,
      amountMinor: deposit.amountMinor.toString(),
      feesMinor: deposit.feesMinor.toString(),
      // What the customer was charged, as the refunds count it (the operator's figures for a held payment).
      chargedMinor: chargedMinor(deposit).toString(),
      refundDueReason: deposit.refundDueReason,
      operatorRequestId: deposit.operatorRequestId,
      operatorReference: deposit.operatorReference,
    },
    ledger: ledger.map(ledgerJson),
    webhooks,
  };
}
