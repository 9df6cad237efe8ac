import type { Prisma } from "@prisma/client";
import type { LinkStatus } from "@/lib/core/domain/link-status";
import { creditCollection } from "@/lib/features/ledger/credit-collection";
import { linkWebhookPayload } from "@/lib/features/webhooks/build-webhook-payload";
import { queueReceipt } from "./queue-receipt";
import { recordWebhookEvent } from "@/lib/features/webhooks/record-webhook-event";

type FinalStatus = Exclude<LinkStatus, "pending">;

/**
 * Moves a payment link to failed, completed or expired, once: the update is conditional on the
 * link's status still allowing it (lib/core/domain/link-status.ts: failed only from pending; completed
 * and expired from pending or failed, since a failed link stays open for a retry until
 * expiresAt), so a payment racing the expiry, or two attempts, settle it exactly once. Must run in
 * the transaction of the change that causes it: the payment_link.* webhook for a link with a
 * callbackUrl is recorded in it too (the outbox). Returns whether this call made the change.
 */
export async function transitionLink(
  tx: Prisma.TransactionClient,
  options: {
    id: string;
    to: FinalStatus;
    at: Date;
    feesMinor?: bigint;
    gatewayName?: string;
    failureReason?: string;
    /** completed: the checkout attempt whose money the link now holds. */
    paidByDepositId?: string;
    /** The trace of the checkout attempt that settles it (Deposit.traceparent), for its webhook. */
    traceparent?: string | null;
  },
): Promise<boolean> {
  const { id, to, at } = options;
  const stamp = to === "completed" ? { completedAt: at } : to === "failed" ? { failedAt: at } : { expiredAt: at };
  const { count } = await tx.paymentLink.updateMany({
    // A payment only completes a link before its expiry (the spec's transition table).
    // And a link only expires once its expiresAt has come.
    where: { id, status: { in: to === "failed" ? ["pending"] : ["pending", "failed"] }, ...(to === "completed" ? { expiresAt: { gt: at } } : to === "expired" ? { expiresAt: { lte: at } } : {}) },
    data: {
      status: to,
      ...stamp,
      ...(options.feesMinor !== undefined ? { feesMinor: options.feesMinor } : {}),
      ...(options.gatewayName ? { gatewayName: options.gatewayName } : {}),
      ...(options.failureReason ? { failureReason: options.failureReason } : {}),
      ...(options.paidByDepositId ? { paidByDepositId: options.paidByDepositId } : {}),
    },
  });
  if (count !== 1) return false;

  const link = await tx.paymentLink.findUniqueOrThrow({ where: { id } });
  if (to === "completed") {
    // Credited in the transaction that completes the link, so the balance follows the status.
    await creditCollection(tx, {
      kind: "link_completed",
      merchantId: link.merchantId,
      environment: link.environment,
      currency: link.currency,
      reference: link.reference,
      amountMinor: link.amountMinor,
      feesMinor: link.feesMinor ?? 0n,
      at,
    });
    // The customer's receipt by SMS or e-mail, sent after the commit when the merchant wants it.
    await queueReceipt(tx, link);
  }
  // Recorded with or without a callbackUrl (then nothing is delivered): the events API lists it.
  const event = `payment_link.${to}` as const;
  await recordWebhookEvent(tx, {
    merchantId: link.merchantId,
    environment: link.environment,
    type: event,
    reference: link.reference,
    url: link.callbackUrl,
    payload: linkWebhookPayload(link, event),
    traceparent: options.traceparent,
  });
  return true;
}

/**
 * A new attempt on a failed link (before its expiresAt) reopens it: failed -> pending, with no
 * event (the spec names none; the merchant hears the attempt's outcome: payment_link.completed,
 * or payment_link.failed again). failedAt and failureReason stay as the last failure's record.
 * Conditional like transitionLink; returns whether this call reopened it.
 */
export async function reopenFailedLink(tx: Prisma.TransactionClient, options: { id: string; at: Date }): Promise<boolean> {
  const { count } = await tx.paymentLink.updateMany({
    where: { id: options.id, status: "failed", expiresAt: { gt: options.at } },
    data: { status: "pending" },
  });
  return count === 1;
}
