import type { DbClient } from "@/lib/core/db/client";
import { committedHere, inTransaction } from "@/lib/core/db/in-transaction";
import { postTransferCompletedLate } from "@/lib/features/ledger/late-success-entries";
import { lockBalance } from "@/lib/features/ledger/lock-balance";
import type { LateSuccess } from "@/lib/features/money-out/follow-released";
import { RELEASED_ON_NO_RECORD } from "@/lib/features/money-out/plan-after-step";
import { deliveriesDue } from "@/lib/features/webhooks/deliveries-due-signal";
import { recordWebhookEvent } from "@/lib/features/webhooks/record-webhook-event";
import { transferWebhookPayload } from "./transform-transfer";

/**
 * A payout released on "no record" that its operator shows paid after all: completed late, once,
 * with its money and its webhook in one transaction. The update is conditional on the row still
 * being such a release (failed on "no record", not booked late yet), so of any number of readers
 * at once (the sweep, npm run reconcile in another process) exactly one books it; the others'
 * updates find nothing. The merchant's balance lock is taken first, as by every debit of it, so a
 * payout being accepted meanwhile sees the balance after this one. failedAt and failureReason stay,
 * as history; transfer.completed follows the transfer.failed the merchant had. Returns whether
 * this call booked it.
 */
export async function bookLateTransferSuccess(client: DbClient, options: { id: string; outcome: LateSuccess; now: Date }): Promise<boolean> {
  const { outcome, now } = options;
  const fee = outcome.operatorFeeMinor !== undefined && outcome.operatorFeeMinor > 0n ? outcome.operatorFeeMinor : null;
  const booked = await inTransaction(client, async (tx) => {
    const released = await tx.transfer.findUniqueOrThrow({ where: { id: options.id } });
    await lockBalance(tx, released.merchantId, released.environment, released.currency);
    const { count } = await tx.transfer.updateMany({
      where: { id: options.id, status: "failed", failureReason: RELEASED_ON_NO_RECORD, completedLateAt: null },
      data: {
        status: "completed",
        completedAt: outcome.at ?? now,
        completedLateAt: now,
        followUntil: null,
        dueAt: null,
        ...(outcome.operatorReference ? { operatorReference: outcome.operatorReference } : {}),
        ...(fee !== null ? { operatorFeeMinor: fee } : {}),
      },
    });
    if (count === 0) return false;
    const transfer = await tx.transfer.findUniqueOrThrow({ where: { id: options.id } });
    await postTransferCompletedLate(tx, transfer, now, fee);
    await recordWebhookEvent(tx, {
      merchantId: transfer.merchantId,
      environment: transfer.environment,
      type: "transfer.completed",
      reference: transfer.reference,
      url: transfer.callbackUrl,
      payload: transferWebhookPayload(transfer, "transfer.completed"),
    });
    return true;
  });
  if (booked && committedHere(client)) deliveriesDue();
  return booked;
}
