import type { Deposit } from "@prisma/client";
import { effectiveDepositStatus } from "@/lib/core/domain/deposit-status";
import { toMajor } from "@/lib/core/domain/money";
import { SANDBOX_OTP } from "@/lib/integrations/gateways/sandbox-simulator";
import { formatFractionalSeconds } from "@/lib/core/domain/time";

// Rows become API JSON here and nowhere else.

const time = (date: Date | null) => (date ? formatFractionalSeconds(date) : null);
const money = (deposit: Deposit, minor: bigint) => toMajor(minor, deposit.currency);

function initiationMessage(d: Deposit): string {
  if (d.environment === "live") {
    if (d.paymentType === "REDIRECT") return "Redirect the customer to url to complete the payment.";
    if (d.paymentType === "OTP") return "An OTP was sent to the customer's phone; confirm it with the invoice reference.";
    return "A payment prompt was sent to the customer's phone.";
  }
  if (d.paymentType === "REDIRECT") {
    return "Sandbox: redirect the customer to url to approve or decline the simulated payment. No real money moves.";
  }
  if (d.paymentType === "OTP") {
    return `Sandbox: a simulated OTP was sent to ${d.customerPhone}; the sandbox code is ${SANDBOX_OTP}. No real money moves.`;
  }
  return `Sandbox: a simulated payment prompt was sent to ${d.customerPhone}. No real money moves.`;
}

export function toDepositJson(d: Deposit) {
  return {
    reference: d.reference,
    status: effectiveDepositStatus(d),
    fees: money(d, d.feesMinor),
    paymentType: d.paymentType,
    createdAt: formatFractionalSeconds(d.createdAt),
    expiresAt: formatFractionalSeconds(d.expiresAt),
    message: initiationMessage(d),
    ...(d.redirectUrl ? { url: d.redirectUrl } : {}),
  };
}

export function toDepositInvoiceJson(d: Deposit) {
  return {
    reference: d.reference,
    status: effectiveDepositStatus(d),
    fees: money(d, d.feesMinor),
    createdAt: formatFractionalSeconds(d.createdAt),
    expiresAt: formatFractionalSeconds(d.expiresAt),
    message: initiationMessage(d),
  };
}

export function toDepositConfirmationJson(d: Deposit) {
  // A live operator that takes the payment with the code (Orange Money) may refuse it or decide
  // later: then there is no validated reference yet and the invoice's stands.
  const message =
    d.status === "failed"
      ? "The operator refused the payment; see failureReason."
      : d.status === "pending"
        ? "The operator is processing the payment: read the deposit or wait for its webhook."
        : d.environment === "sandbox"
          ? "Sandbox deposit confirmed: simulated, no real money moved."
          : "Deposit confirmed.";
  return {
    reference: d.validatedReference ?? d.reference,
    status: d.status,
    fees: money(d, d.feesMinor),
    createdAt: formatFractionalSeconds(d.confirmedAt ?? d.createdAt),
    message,
    ...(d.status === "failed" && d.failureReason ? { failureReason: d.failureReason } : {}),
  };
}

export function toDepositDetailJson(d: Deposit) {
  const otp = d.flow === "otp";
  return {
    reference: otp && d.validatedReference ? d.validatedReference : d.reference,
    invoiceReference: otp ? d.reference : null,
    validatedReference: d.validatedReference,
    status: effectiveDepositStatus(d),
    amount: money(d, d.amountMinor),
    fees: money(d, d.feesMinor),
    totalAmount: money(d, d.amountMinor + d.feesMinor),
    currency: d.currency,
    country: d.country,
    gatewayName: d.gatewayName,
    paymentType: d.paymentType,
    customerPhone: d.customerPhone,
    customerEmail: d.customerEmail,
    customerName: d.customerName,
    callbackUrl: d.callbackUrl,
    returnUrl: d.returnUrl,
    metadata: (d.metadata as Record<string, unknown> | null) ?? null,
    url: d.redirectUrl,
    failureReason: d.failureReason,
    createdAt: formatFractionalSeconds(d.createdAt),
    expiresAt: formatFractionalSeconds(d.expiresAt),
    completedAt: time(d.completedAt),
    failedAt: time(d.failedAt),
    expiredAt: time(d.expiredAt),
  };
}
