import type { DbClient } from "@/lib/core/db/client";
import { committedHere, inTransaction } from "@/lib/core/db/in-transaction";
import type { ReleasedFollow } from "@/lib/features/money-out/follow-released";
import type { SendClaim } from "@/lib/features/money-out/send-claim";
import { ACCOUNTS } from "@/lib/features/ledger/accounts";
import { postEntries } from "@/lib/features/ledger/post-entries";
import { deliveriesDue } from "@/lib/features/webhooks/deliveries-due-signal";
import { recordWebhookEvent } from "@/lib/features/webhooks/record-webhook-event";
import { transferWebhookPayload } from "./transform-transfer";

/**
 * Moves a transfer out of pending, once (the update is conditional on pending), with its money
 * and its webhook in the same transaction: completed pays the beneficiary and the platform's fee
 * out of in flight, and the operator's own fee for the payout (Wave's) out of the platform's fee;
 * failed gives amount + fees back to the merchant's available balance.
 * Returns whether this call made the change.
 */
export async function transitionTransfer(
  client: DbClient,
  options: {
    id: string;
    to: "completed" | "failed";
    at?: Date;
    failureReason?: string;
    reviewedBy?: string;
    operatorReference?: string;
    /** Completed live payouts: what the operator charged the platform on top of the amount sent. */
    operatorFeeMinor?: bigint;
    /** Made by the holder of the send claim (lib/features/money-out/send-claim.ts): only while it still holds it. */
    claim?: SendClaim;
    /** A release on "no record": still read at its operator until then (lib/features/money-out/follow-released.ts). */
    follow?: ReleasedFollow;
  },
): Promise<boolean> {
  const operatorFee = options.to === "completed" && options.operatorFeeMinor !== undefined && options.operatorFeeMinor > 0n ? options.operatorFeeMinor : null;
  const at = options.at ?? new Date();
  const stamp = options.to === "completed" ? { completedAt: at } : { failedAt: at, failureReason: options.failureReason ?? "failed" };
  const review = options.reviewedBy ? { reviewedBy: options.reviewedBy, reviewedAt: at } : {};
  const changed = await inTransaction(client, async (tx) => {
    const { count } = await tx.transfer.updateMany({
      // Only the send claim's holder, or anyone while nobody holds it: never under a sender's feet.
      where: { id: options.id, status: "pending", sendClaim: options.claim?.token ?? null },
      data: {
        status: options.to,
        dueAt: options.follow?.dueAt ?? null,
        ...(options.follow ? { followUntil: options.follow.followUntil } : {}),
        sendClaim: null,
        sendClaimUntil: null,
        ...stamp,
        ...review,
        ...(options.operatorReference ? { operatorReference: options.operatorReference } : {}),
        ...(operatorFee !== null ? { operatorFeeMinor: operatorFee } : {}),
      },
    });
    if (count === 0) return false;
    const transfer = await tx.transfer.findUniqueOrThrow({ where: { id: options.id } });
    const total = transfer.amountMinor + transfer.feesMinor;
    await postEntries(tx, {
      merchantId: transfer.merchantId,
      environment: transfer.environment,
      currency: transfer.currency,
      kind: `transfer_${options.to}`,
      reference: transfer.reference,
      at,
      lines:
        options.to === "completed"
          ? [
              [ACCOUNTS.inFlight, -total],
              // The operator's fee leaves the platform's wallet with the payout: our fee, net of it.
              [ACCOUNTS.world, transfer.amountMinor + (operatorFee ?? 0n)],
              [ACCOUNTS.platformFees, transfer.feesMinor - (operatorFee ?? 0n)],
            ]
          : [
              [ACCOUNTS.inFlight, -total],
              [ACCOUNTS.available, total],
            ],
    });
    // Recorded with or without a callbackUrl (then nothing is delivered): the events API lists it.
    const event = `transfer.${options.to}` as const;
    await recordWebhookEvent(tx, {
      merchantId: transfer.merchantId,
      environment: transfer.environment,
      type: event,
      reference: transfer.reference,
      url: transfer.callbackUrl,
      payload: transferWebhookPayload(transfer, event),
    });
    return true;
  });
  // Its delivery is due now: the runner is told after the commit (inside a caller's transaction, its poll finds it).
  if (changed && committedHere(client)) deliveriesDue();
  return changed;
}
