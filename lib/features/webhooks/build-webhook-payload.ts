import type { Deposit, PaymentLink } from "@prisma/client";
import { toMajor } from "@/lib/core/domain/money";
import { formatFractionalSeconds, formatWholeSeconds } from "@/lib/core/domain/time";
import type { DepositWebhook, PaymentLinkWebhook } from "@/lib/core/schemas/webhook";

// Webhook bodies, built here and nowhere else. Key order is the documented one: the body is
// stored as text and sent byte for byte on every retry.

export type LinkEvent = PaymentLinkWebhook["event"];
export type DepositEvent = DepositWebhook["event"];

/** Events are only recorded by transitions out of pending, in their transaction. */
function finalStatus<S extends string>(status: S): Exclude<S, "pending"> {
  if (status === "pending") throw new Error("a webhook is only built for a final state");
  return status as Exclude<S, "pending">;
}

/** The spec's "Webhook payload (payment link)", field for field; unknown values are null. */
export function linkWebhookPayload(link: PaymentLink, event: LinkEvent): PaymentLinkWebhook {
  return {
    event,
    reference: link.reference,
    status: finalStatus(link.status),
    amount: toMajor(link.amountMinor, link.currency),
    currency: link.currency,
    fees: link.feesMinor === null ? null : toMajor(link.feesMinor, link.currency),
    gatewayName: link.gatewayName,
    customerEmail: link.customerEmail,
    completedAt: link.completedAt ? formatWholeSeconds(link.completedAt) : null,
    metadata: (link.metadata as Record<string, unknown> | null) ?? null,
    // Only on a link made from a payment page (issue 36): an ordinary link's payload stays the contract's.
    ...(link.paymentPageReference ? { paymentPage: link.paymentPageReference } : {}),
  };
}

/**
 * The same envelope for deposits, with the deposit's own fields: its public reference (for an
 * OTP deposit the validated one once confirmed, with the invoice reference beside it),
 * paymentType, customerPhone and failureReason; timestamps with fractional seconds.
 */
export function depositWebhookPayload(deposit: Deposit, event: DepositEvent): DepositWebhook {
  const otp = deposit.flow === "otp";
  return {
    event,
    reference: otp && deposit.validatedReference ? deposit.validatedReference : deposit.reference,
    invoiceReference: otp ? deposit.reference : null,
    status: finalStatus(deposit.status),
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

/** A deposit's final event as recordWebhookEvent(s) take it: recorded under the reference the merchant sees. */
export function depositWebhookEvent(deposit: Deposit, event: DepositEvent) {
  return {
    merchantId: deposit.merchantId,
    environment: deposit.environment,
    type: event,
    reference: deposit.validatedReference ?? deposit.reference,
    url: deposit.callbackUrl,
    payload: depositWebhookPayload(deposit, event),
    traceparent: deposit.traceparent,
  };
}
