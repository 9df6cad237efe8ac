import type { Refund } from "@prisma/client";
import { toMajor } from "@/lib/core/domain/money";
import { formatFractionalSeconds } from "@/lib/core/domain/time";
import type { RefundWebhook } from "@/lib/core/schemas/refund";

const stamp = (date: Date | null) => (date ? formatFractionalSeconds(date) : null);

/** The API's view of a refund. */
export function toRefundJson(refund: Refund) {
  return {
    reference: refund.reference,
    paymentReference: refund.paymentReference,
    status: refund.status,
    source: refund.source as "merchant" | "refund_due",
    amount: toMajor(refund.amountMinor, refund.currency),
    currency: refund.currency,
    reason: refund.reason,
    gatewayName: refund.gatewayName,
    failureReason: refund.failureReason,
    callbackUrl: refund.callbackUrl,
    metadata: (refund.metadata as Record<string, unknown> | null) ?? null,
    createdAt: formatFractionalSeconds(refund.createdAt),
    completedAt: stamp(refund.completedAt),
    failedAt: stamp(refund.failedAt),
  };
}

/** The refund.* webhook body; key order is fixed (the body is stored and re-sent byte for byte). */
export function refundWebhookPayload(refund: Refund, event: RefundWebhook["event"]): RefundWebhook {
  if (refund.status === "pending") throw new Error("a webhook is only built for a final state");
  return {
    event,
    reference: refund.reference,
    paymentReference: refund.paymentReference,
    status: refund.status,
    source: refund.source as "merchant" | "refund_due",
    amount: toMajor(refund.amountMinor, refund.currency),
    currency: refund.currency,
    gatewayName: refund.gatewayName,
    reason: refund.reason,
    failureReason: refund.failureReason,
    completedAt: stamp(refund.completedAt),
    metadata: (refund.metadata as Record<string, unknown> | null) ?? null,
  };
}
