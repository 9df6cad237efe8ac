import type { PaymentLink } from "@prisma/client";
import { effectiveLinkStatus } from "@/lib/domain/link-status";
import { toMajor } from "@/lib/domain/money";
import { formatWholeSeconds } from "@/lib/domain/time";
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

export function toPaymentLinkJson(link: PaymentLink, origin: string, now = new Date()) {
  return {
    reference: link.reference,
    paymentUrl: paymentUrl(link.reference, link.environment, origin),
    status: effectiveLinkStatus(link, now),
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
  };
}
