import type { DbClient } from "@/lib/core/db/client";
import { committedHere, inTransaction } from "@/lib/core/db/in-transaction";
import { lockBalance } from "@/lib/features/ledger/lock-balance";
import { deliveriesDue } from "@/lib/features/webhooks/deliveries-due-signal";
import type { MoneyOutForGateway } from "@/lib/integrations/gateways/adapter";
import type { LateSuccess } from "./follow-released";
import type { MoneyOutKind, MoneyOutRecord } from "./money-out-kind";
import { RELEASED_ON_NO_RECORD } from "./plan-after-step";
import { moneyOutTable } from "./send-claim";
import { recordFinalEvent } from "./transition-money-out";

/**
 * A payout or a refund released on "no record" that its operator shows paid after all: completed
 * late, once, with its money (the kind's late entries: taken again from where the release left
 * it) and its `.completed` webhook in one transaction. The update is conditional on the row still
 * being such a release (failed on "no record", not booked late yet), so of any number of readers
 * at once (the sweep, npm run reconcile in another process) exactly one books it; the others'
 * updates find nothing. Where the kind debits the merchant's balance, its lock is taken first, as
 * by every debit of it, so a payout being accepted meanwhile sees the balance after this one.
 * failedAt and failureReason stay, as history; the `.completed` follows the `.failed` the merchant
 * had. Returns whether this call booked it.
 */
export async function bookLateSuccess<R extends MoneyOutRecord, T extends MoneyOutForGateway>(
  client: DbClient,
  kind: MoneyOutKind<R, T>,
  options: { id: string; outcome: LateSuccess; now: Date },
): Promise<boolean> {
  const { outcome, now } = options;
  const fee = outcome.operatorFeeMinor !== undefined && outcome.operatorFeeMinor > 0n ? outcome.operatorFeeMinor : null;
  const booked = await inTransaction(client, async (tx) => {
    const released = await kind.find(tx, options.id);
    if (kind.debitsBalance(released)) await lockBalance(tx, released.merchantId, released.environment, released.currency);
    const { count } = await moneyOutTable(tx, kind.table).updateMany({
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
    const row = await kind.find(tx, options.id);
    await kind.postCompletedLate(tx, row, now, fee);
    await recordFinalEvent(tx, kind, row, "completed");
    return true;
  });
  if (booked && committedHere(client)) deliveriesDue();
  return booked;
}
