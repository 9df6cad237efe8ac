import type { DbClient } from "@/lib/core/db/client";
import { committedHere, inTransaction } from "@/lib/core/db/in-transaction";
import type { ReleasedFollow } from "@/lib/features/money-out/follow-released";
import type { SendClaim } from "@/lib/features/money-out/send-claim";
import { postRefundCompleted, postRefundFailed } from "@/lib/features/ledger/refund-entries";
import { deliveriesDue } from "@/lib/features/webhooks/deliveries-due-signal";
import { recordWebhookEvent } from "@/lib/features/webhooks/record-webhook-event";
import { refundWebhookPayload } from "./transform-refund";

/**
 * Moves a refund out of pending, once (the update is conditional on pending), with its money and
 * its webhook in the same transaction (lib/features/ledger/refund-entries.ts): completed sends the money to
 * the customer; failed gives a merchant's refund back to its available balance, and leaves a
 * refund due held for support to send again. Returns whether this call made the change.
 */
export async function transitionRefund(
  client: DbClient,
  options: {
    id: string;
    to: "completed" | "failed";
    at?: Date;
    failureReason?: string;
    operatorReference?: string;
    operatorFeeMinor?: bigint;
    /** Made by the holder of the send claim (lib/features/money-out/send-claim.ts): only while it still holds it. */
    claim?: SendClaim;
    /** A release on "no record": still read at its operator until then (lib/features/money-out/follow-released.ts). */
    follow?: ReleasedFollow;
    operatorAnswer?: string;
  },
): Promise<boolean> {
  const at = options.at ?? new Date();
  const fee = options.to === "completed" && options.operatorFeeMinor !== undefined && options.operatorFeeMinor > 0n ? options.operatorFeeMinor : null;
  const changed = await inTransaction(client, async (tx) => {
    const { count } = await tx.refund.updateMany({
      // Only the send claim's holder, or anyone while nobody holds it: never under a sender's feet.
      where: { id: options.id, status: "pending", sendClaim: options.claim?.token ?? null },
      data: {
        status: options.to,
        dueAt: options.follow?.dueAt ?? null,
        ...(options.follow ? { followUntil: options.follow.followUntil } : {}),
        sendClaim: null,
        sendClaimUntil: null,
        ...(options.to === "completed" ? { completedAt: at } : { failedAt: at, failureReason: options.failureReason ?? "failed" }),
        ...(options.operatorReference ? { operatorReference: options.operatorReference } : {}),
        ...(fee !== null ? { operatorFeeMinor: fee } : {}),
        ...(options.operatorAnswer ? { operatorAnswer: options.operatorAnswer.slice(0, 200), operatorCheckedAt: at } : {}),
      },
    });
    if (count === 0) return false;
    const refund = await tx.refund.findUniqueOrThrow({ where: { id: options.id } });
    if (options.to === "completed") await postRefundCompleted(tx, refund, at, fee);
    else await postRefundFailed(tx, refund, at);
    // Recorded with or without a callbackUrl (then nothing is delivered): the events API lists it.
    const event = `refund.${options.to}` as const;
    await recordWebhookEvent(tx, {
      merchantId: refund.merchantId,
      environment: refund.environment,
      type: event,
      reference: refund.reference,
      url: refund.callbackUrl,
      payload: refundWebhookPayload(refund, event),
    });
    return true;
  });
  if (changed && committedHere(client)) deliveriesDue();
  return changed;
}
