import type { Deposit, PaymentLink } from "@prisma/client";
import { toMajor } from "@/lib/domain/money";
import { formatFractionalSeconds, formatWholeSeconds } from "@/lib/domain/time";

// Webhook bodies, built here and nowhere else. Key order is the documented one: the body is
// stored as text and sent byte for byte on every retry.

export type LinkEvent = "payment_link.completed" | "payment_link.failed" | "payment_link.expired";
export type DepositEvent = "deposit.completed" | "deposit.failed" | "deposit.expired";

/** The spec's "Webhook payload (payment link)", field for field; unknown values are null. */
export function linkWebhookPayload(link: PaymentLink, event: LinkEvent) {
  return {
    event,
    reference: link.reference,
    status: link.status,
    amount: toMajor(link.amountMinor, link.currency),
    currency: link.currency,
    fees: link.feesMinor === null ? null : toMajor(link.feesMinor, link.currency),
    gatewayName: link.gatewayName,
    customerEmail: link.customerEmail,
    completedAt: link.completedAt ? formatWholeSeconds(link.completedAt) : null,
    metadata: (link.metadata as Record<string, unknown> | null) ?? null,
  };
}

/**
 * The same envelope for deposits, with the deposit's own fields: its public reference (for an
 * OTP deposit the validated one once confirmed, with the invoice reference beside it),
 * paymentType, customerPhone and failureReason; timestamps with fractional seconds.
 */
export function depositWebhookPayload(deposit: Deposit, event: DepositEvent) {
  const otp = deposit.flow === "otp";
  return {
    event,
    reference: otp && deposit.validatedReference ? deposit.validatedReference : deposit.reference,
    invoiceReference: otp ? deposit.reference : null,
    status: deposit.status,
    amount: toMajor(deposit.amountMinor, deposit.currency),
    currency: deposit.currency,
    fees: toMajor(deposit.feesMinor, deposit.currency),
    gatewayName: deposit.gatewayName,
    paymentType: deposit.paymentType,
    customerPhone: deposit.customerPhone,
    customerEmail: deposit.customerEmail,
    failureReason: deposit.failureReason,
    completedAt: deposit.completedAt ? formatFractionalSeconds(deposit.completedAt) : null,
    metadata: (deposit.metadata as Record<string, unknown> | null) ?? null,
  };
}
