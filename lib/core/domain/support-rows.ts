import type { Deposit, PaymentLink, Refund, Transfer } from "@prisma/client";
import { effectiveDepositStatus } from "@/lib/core/domain/deposit-status";
import { effectiveLinkStatus } from "@/lib/core/domain/link-status";
import { toMajor } from "@/lib/core/domain/money";

type WithMerchant<T> = T & { merchant: { name: string } };
/** A deposit read with the payment link it is a checkout attempt of (the search reads it so). */
type WithLink<T> = T & { paymentLink?: { reference: string } | null };

/**
 * One row of the support view's tables, the same shape for links and deposits. `paymentLinkReference`:
 * the link a checkout attempt tried to pay, when the deposit was read with it (null otherwise, and for a link).
 */
export function supportPaymentRow(kind: "link" | "deposit", row: WithMerchant<PaymentLink> | WithLink<WithMerchant<Deposit>>) {
  const deposit = kind === "deposit" ? (row as WithLink<Deposit>) : null;
  return {
    kind,
    id: row.id,
    reference: deposit?.validatedReference ?? row.reference,
    merchantId: row.merchantId,
    merchant: row.merchant.name,
    environment: row.environment,
    status: deposit ? effectiveDepositStatus(deposit) : effectiveLinkStatus(row as PaymentLink),
    amount: toMajor(row.amountMinor, row.currency),
    currency: row.currency,
    gatewayName: row.gatewayName,
    customerPhone: row.customerPhone,
    customerName: row.customerName,
    paymentLinkReference: deposit?.paymentLink?.reference ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * One row of the transfers table. Money goes out as minor units in strings (with the currency),
 * for the page to print exactly with formatMinor; the phone is shown whole, as customers' are.
 */
export function supportTransferRow(row: WithMerchant<Transfer>) {
  return {
    kind: "transfer" as const,
    id: row.id,
    reference: row.reference,
    merchantId: row.merchantId,
    merchant: row.merchant.name,
    environment: row.environment,
    status: row.status,
    gatewayName: row.gatewayName,
    gatewayType: row.gatewayType,
    currency: row.currency,
    amountMinor: row.amountMinor.toString(),
    feesMinor: row.feesMinor.toString(),
    beneficiaryPhone: row.beneficiaryPhone,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A refund as a payment's detail lists it: exact money (minor units in a string), why and how it goes back. */
export function refundSummary(row: Refund) {
  return {
    reference: row.reference,
    status: row.status,
    source: row.source,
    reason: row.reason,
    method: row.method,
    currency: row.currency,
    amountMinor: row.amountMinor.toString(),
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    failedAt: row.failedAt?.toISOString() ?? null,
  };
}

/** One row of the refunds table: the summary, with whose payment it gives back and through which gateway. */
export function supportRefundRow(row: WithMerchant<Refund>) {
  return {
    kind: "refund" as const,
    id: row.id,
    ...refundSummary(row),
    merchantId: row.merchantId,
    merchant: row.merchant.name,
    environment: row.environment,
    paymentReference: row.paymentReference,
    gatewayName: row.gatewayName,
    customerPhone: row.customerPhone,
  };
}

type OpenOutcomeTimes = { merchant: { name: string }; createdAt: Date; operatorCheckedAt: Date | null; nextCheckAt: Date | null };

/** One row of the reconciliation's open outcomes (lib/features/reconciliation/list-open-outcomes.ts), with its merchant's name and times in ISO 8601. */
export function openOutcomeRow<Row extends OpenOutcomeTimes>({ merchant, ...o }: Row) {
  return {
    ...o,
    merchant: merchant.name,
    createdAt: o.createdAt.toISOString(),
    operatorCheckedAt: o.operatorCheckedAt?.toISOString() ?? null,
    nextCheckAt: o.nextCheckAt?.toISOString() ?? null,
  };
}

type LateSuccessTimes = { merchant: { name: string }; failedAt: Date | null; completedAt: Date | null; completedLateAt: Date };

/** One row of the reconciliation's late successes (lib/features/reconciliation/list-late-successes.ts), with its merchant's name and times in ISO 8601. */
export function lateSuccessRow<Row extends LateSuccessTimes>({ merchant, ...o }: Row) {
  return {
    ...o,
    merchant: merchant.name,
    failedAt: o.failedAt?.toISOString() ?? null,
    completedAt: o.completedAt?.toISOString() ?? null,
    completedLateAt: o.completedLateAt.toISOString(),
  };
}
