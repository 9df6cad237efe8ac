import type { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import type { MoneyOutForGateway } from "@/lib/integrations/gateways/adapter";
import { committedHere, inTransaction } from "@/lib/core/db/in-transaction";
import { deliveriesDue } from "@/lib/features/webhooks/deliveries-due-signal";
import { recordWebhookEvent } from "@/lib/features/webhooks/record-webhook-event";
import type { ReleasedFollow } from "./follow-released";
import type { MoneyOutKind, MoneyOutRecord } from "./money-out-kind";
import { moneyOutTable, type SendClaim } from "./send-claim";

export type MoneyOutTransition = {
  id: string;
  to: "completed" | "failed";
  at?: Date;
  failureReason?: string;
  operatorReference?: string;
  /** Completed live ones: what the operator charged the platform on top of the amount sent. */
  operatorFeeMinor?: bigint;
  /** Made by the holder of the send claim (send-claim.ts): only while it still holds it. */
  claim?: SendClaim;
  /** A release on "no record": still read at its operator until then (follow-released.ts). */
  follow?: ReleasedFollow;
  /** The kind's own columns set with the change (a transfer's review by staff). */
  alsoSet?: Record<string, unknown>;
};

/**
 * A final state's webhook, `<table>.completed` or `<table>.failed`, with the kind's body. Recorded
 * with or without a callbackUrl (then nothing is delivered): the events API lists it.
 */
export async function recordFinalEvent<R extends MoneyOutRecord, T extends MoneyOutForGateway>(
  tx: Prisma.TransactionClient,
  kind: MoneyOutKind<R, T>,
  row: R,
  to: "completed" | "failed",
): Promise<void> {
  await recordWebhookEvent(tx, {
    merchantId: row.merchantId,
    environment: row.environment,
    type: `${kind.table}.${to}`,
    reference: row.reference,
    url: row.callbackUrl,
    payload: kind.webhookPayload(row, to),
  });
}

/**
 * Moves a payout or a refund out of pending, once (the update is conditional on pending and on
 * the send claim), with its money (the kind's entries: completed pays the beneficiary, the
 * operator's own fee coming out of ours; failed gives what was held back) and its webhook in the
 * same transaction. Returns whether this call made the change.
 */
export async function transitionMoneyOut<R extends MoneyOutRecord, T extends MoneyOutForGateway>(client: DbClient, kind: MoneyOutKind<R, T>, options: MoneyOutTransition): Promise<boolean> {
  const at = options.at ?? new Date();
  const fee = options.to === "completed" && options.operatorFeeMinor !== undefined && options.operatorFeeMinor > 0n ? options.operatorFeeMinor : null;
  const changed = await inTransaction(client, async (tx) => {
    const { count } = await moneyOutTable(tx, kind.table).updateMany({
      // Only the send claim's holder, or anyone while nobody holds it: never under a sender's feet.
      where: { id: options.id, status: "pending", sendClaim: options.claim?.token ?? null },
      data: {
        status: options.to,
        dueAt: options.follow?.dueAt ?? null,
        ...(options.follow ? { followUntil: options.follow.followUntil } : {}),
        sendClaim: null,
        sendClaimUntil: null,
        ...(options.to === "completed" ? { completedAt: at } : { failedAt: at, failureReason: options.failureReason ?? "failed" }),
        ...options.alsoSet,
        ...(options.operatorReference ? { operatorReference: options.operatorReference } : {}),
        ...(fee !== null ? { operatorFeeMinor: fee } : {}),
      },
    });
    if (count === 0) return false;
    const row = await kind.find(tx, options.id);
    await kind.postFinal(tx, row, options.to, at, fee);
    await recordFinalEvent(tx, kind, row, options.to);
    return true;
  });
  // Its delivery is due now: the runner is told after the commit (inside a caller's transaction, its poll finds it).
  if (changed && committedHere(client)) deliveriesDue();
  return changed;
}
