import type { Deposit, Prisma } from "@prisma/client";
import { creditCollection } from "@/lib/features/ledger/credit-collection";
import { holdRefundDue } from "@/lib/features/ledger/hold-refund-due";
import { openRefundDue } from "@/lib/features/refunds/open-refund-due";
import { linkWebhookPayload } from "@/lib/features/webhooks/build-webhook-payload";
import { queueReceipt } from "./queue-receipt";
import { recordWebhookEvent } from "@/lib/features/webhooks/record-webhook-event";
import { transitionLink } from "./transition-link";

/**
 * What a checkout attempt's final outcome does to its link. Runs in the transaction that moves the
 * attempt out of pending, with the link's row locked, so the attempt and its link never disagree:
 *
 * - failed: fails a pending link (payment_link.failed), unless the checkout had already replaced
 *   the attempt (the customer is paying with another one). A failed link is not closed: it stays
 *   payable until expiresAt (docs/decisions.md), so a retry or a late approval can still pay it.
 * - expired: nothing; the link stays open for another try.
 * - completed (at = the operator's time of the approval): the money is real and is always
 *   recorded, never dropped:
 *   - the link holds no payment yet and the approval came before expiresAt: the link completes,
 *     stamped with that time, and is credited (even when we learn of it after expiresAt);
 *   - the link holds no payment and the approval came at or after expiresAt, or the link was
 *     already recorded expired: the link is (or stays) expired, marked paidAfterExpiry with the
 *     operator's time as completedAt, the merchant is credited, and payment_link.paid_after_expiry
 *     tells the merchant (after payment_link.expired, so the merchant hears both, in that order);
 *   a failed link counts as holding no payment: it was open for a retry;
 *   - the link is already paid (another attempt came first): the attempt is a refund to
 *     make (refundDueReason), held in refunds_due, outside the merchant's balance, and its refund
 *     is opened at once (lib/features/refunds/open-refund-due.ts): the customer gets the money back.
 *
 * Returns whether the merchant was paid (the link completed, or paid late): not for a refund to make.
 */
export async function settleLinkAttempt(
  tx: Prisma.TransactionClient,
  deposit: Deposit & { paymentLinkId: string },
  outcome: { to: "completed" | "failed" | "expired"; at: Date; failureReason?: string },
): Promise<boolean> {
  const { to, at } = outcome;
  if (to === "expired") return false;
  if (to === "failed") {
    if (deposit.supersededAt) return false;
    await transitionLink(tx, {
      id: deposit.paymentLinkId,
      to: "failed",
      at,
      feesMinor: deposit.feesMinor,
      gatewayName: deposit.gatewayName,
      failureReason: outcome.failureReason,
      traceparent: deposit.traceparent,
    });
    return false;
  }

  const link = await tx.paymentLink.findUniqueOrThrow({ where: { id: deposit.paymentLinkId } });
  const open = link.status === "pending" || link.status === "failed";
  const unpaid = link.paidByDepositId === null && (open || link.status === "expired");
  if (unpaid && open && at.getTime() < link.expiresAt.getTime()) {
    const completed = await transitionLink(tx, {
      id: link.id,
      to: "completed",
      at,
      feesMinor: deposit.feesMinor,
      gatewayName: deposit.gatewayName,
      paidByDepositId: deposit.id,
      traceparent: deposit.traceparent,
    });
    if (completed) return true;
    throw new Error(`link ${link.reference} refused the payment of ${deposit.reference}`);
  }
  if (unpaid) {
    // The link's expiry is what the merchant and readers were told first: record it (a no-op when
    // already expired), then the late payment on top of it.
    if (open) await transitionLink(tx, { id: link.id, to: "expired", at: link.expiresAt });
    const late = await tx.paymentLink.update({
      where: { id: link.id },
      data: { paidAfterExpiry: true, paidByDepositId: deposit.id, completedAt: at, feesMinor: deposit.feesMinor, gatewayName: deposit.gatewayName },
    });
    await creditCollection(tx, {
      kind: "link_paid_after_expiry",
      merchantId: late.merchantId,
      environment: late.environment,
      currency: late.currency,
      reference: late.reference,
      amountMinor: late.amountMinor,
      feesMinor: deposit.feesMinor,
      at,
    });
    await recordWebhookEvent(tx, {
      merchantId: late.merchantId,
      environment: late.environment,
      type: "payment_link.paid_after_expiry",
      reference: late.reference,
      url: late.callbackUrl,
      payload: linkWebhookPayload(late, "payment_link.paid_after_expiry"),
      traceparent: deposit.traceparent,
    });
    // The customer paid: their receipt page exists, and so does its message.
    await queueReceipt(tx, late);
    return true;
  }

  // ("link_failed" is what such a payment of a failed link was called before failed links stayed
  // payable; rows written then keep it.)
  const refundDueReason = "link_already_paid";
  const owed = await tx.deposit.update({ where: { id: deposit.id }, data: { refundDueReason } });
  await holdRefundDue(tx, {
    merchantId: deposit.merchantId,
    environment: deposit.environment,
    currency: deposit.currency,
    reference: deposit.reference,
    amountMinor: deposit.amountMinor,
    feesMinor: deposit.feesMinor,
    at,
  });
  // Held, and on its way back to the customer (lib/features/refunds/): the merchant hears refund.* on the link's callbackUrl.
  await openRefundDue(tx, { deposit: owed, reason: refundDueReason, paymentReference: link.reference, callbackUrl: link.callbackUrl, at });
  return false;
}
