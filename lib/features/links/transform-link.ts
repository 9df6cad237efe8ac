import type { PaymentLink } from "@prisma/client";
import { effectiveDepositStatus } from "@/lib/core/domain/deposit-status";
import { effectiveLinkStatus } from "@/lib/core/domain/link-status";
import { toMajor } from "@/lib/core/domain/money";
import { formatFractionalSeconds, formatWholeSeconds } from "@/lib/core/domain/time";
import type { LinkAttempt } from "./link-attempts";
import { paymentUrl } from "./payment-url";

// Rows become API JSON here and nowhere else.

export function sandboxAwareMessage(environment: PaymentLink["environment"]) {
  return environment === "sandbox"
    ? "Payment link created in the sandbox environment: payments are simulated and no real money moves."
    : "Payment link created.";
}

export function toPaymentLinkCreatedJson(link: PaymentLink, origin: string) {
  return {
    reference: link.reference,
    paymentUrl: paymentUrl(link.reference, link.environment, origin),
    status: effectiveLinkStatus(link),
    createdAt: formatWholeSeconds(link.createdAt),
    expiresAt: formatWholeSeconds(link.expiresAt),
    message: sandboxAwareMessage(link.environment),
  };
}

/**
 * One checkout attempt of a link, as the link's read shows it: each attempt is its own deposit,
 * so a link that failed once and was then paid lists both, oldest first. The reference is the
 * one the merchant's other reads know (an OTP attempt's validated reference once confirmed).
 */
export function toLinkAttemptJson(d: LinkAttempt, now = new Date()) {
  const time = (date: Date | null) => (date ? formatFractionalSeconds(date) : null);
  return {
    reference: d.validatedReference ?? d.reference,
    status: effectiveDepositStatus(d, now),
    gatewayName: d.gatewayName,
    paymentType: d.paymentType,
    fees: toMajor(d.feesMinor, d.currency),
    failureReason: d.failureReason,
    createdAt: formatFractionalSeconds(d.createdAt),
    completedAt: time(d.completedAt),
    failedAt: time(d.failedAt),
    expiredAt: time(d.expiredAt),
  };
}

export function toPaymentLinkJson(link: PaymentLink, origin: string, attempts: LinkAttempt[], now = new Date()) {
  const status = effectiveLinkStatus(link, now);
  return {
    reference: link.reference,
    paymentUrl: paymentUrl(link.reference, link.environment, origin),
    status,
    amount: toMajor(link.amountMinor, link.currency),
    currency: link.currency,
    description: link.description,
    fees: link.feesMinor === null ? null : toMajor(link.feesMinor, link.currency),
    gatewayName: link.gatewayName,
    customerName: link.customerName,
    customerEmail: link.customerEmail,
    customerPhone: link.customerPhone,
    callbackUrl: link.callbackUrl,
    returnUrl: link.returnUrl,
    metadata: (link.metadata as Record<string, unknown> | null) ?? null,
    createdAt: formatWholeSeconds(link.createdAt),
    expiresAt: formatWholeSeconds(link.expiresAt),
    completedAt: link.completedAt ? formatWholeSeconds(link.completedAt) : null,
    // The customer paid after the link expired: status stays expired, the money is in the balance.
    paidAfterExpiry: link.paidAfterExpiry,
    // Why the last attempt failed, while the link reads failed (still payable until expiresAt).
    failureReason: status === "failed" ? link.failureReason : null,
    attempts: [...attempts].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((d) => toLinkAttemptJson(d, now)),
    // The payment page the link was made from for one customer; null for an ordinary link.
    paymentPage: link.paymentPageReference,
  };
}
