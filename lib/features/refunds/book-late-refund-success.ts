import type { DbClient } from "@/lib/core/db/client";
import { committedHere, inTransaction } from "@/lib/core/db/in-transaction";
import { postRefundCompletedLate } from "@/lib/features/ledger/late-success-entries";
import { lockBalance } from "@/lib/features/ledger/lock-balance";
import type { LateSuccess } from "@/lib/features/money-out/follow-released";
import { RELEASED_ON_NO_RECORD } from "@/lib/features/money-out/plan-after-step";
import { deliveriesDue } from "@/lib/features/webhooks/deliveries-due-signal";
import { recordWebhookEvent } from "@/lib/features/webhooks/record-webhook-event";
import { refundWebhookPayload } from "./transform-refund";

/**
 * A refund released on "no record" that its operator shows paid after all: completed late, once
 * (conditional on the row still being such a release: concurrent readers book it once), its money
 * taken again from where the failure left it (lib/features/ledger/late-success-entries.ts) and
 * refund.completed recorded, in one transaction. Returns whether this call booked it.
 */
export async function bookLateRefundSuccess(client: DbClient, options: { id: string; outcome: LateSuccess; now: Date }): Promise<boolean> {
  const { outcome, now } = options;
  const fee = outcome.operatorFeeMinor !== undefined && outcome.operatorFeeMinor > 0n ? outcome.operatorFeeMinor : null;
  const booked = await inTransaction(client, async (tx) => {
    const released = await tx.refund.findUniqueOrThrow({ where: { id: options.id } });
    // A merchant's refund debits its available balance again: under its lock, as every debit.
    if (released.source === "merchant") await lockBalance(tx, released.merchantId, released.environment, released.currency);
    const { count } = await tx.refund.updateMany({
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
    const refund = await tx.refund.findUniqueOrThrow({ where: { id: options.id } });
    await postRefundCompletedLate(tx, refund, now, fee);
    await recordWebhookEvent(tx, {
      merchantId: refund.merchantId,
      environment: refund.environment,
      type: "refund.completed",
      reference: refund.reference,
      url: refund.callbackUrl,
      payload: refundWebhookPayload(refund, "refund.completed"),
    });
    return true;
  });
  if (booked && committedHere(client)) deliveriesDue();
  return booked;
}
