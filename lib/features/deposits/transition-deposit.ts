import { Prisma, type Deposit } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { committedHere, inTransaction } from "@/lib/core/db/in-transaction";
import { countPaymentsCompleted } from "@/lib/core/metrics/registry";
import type { DepositStatus } from "@/lib/core/domain/deposit-status";
import { creditCollection, depositCollection } from "@/lib/features/ledger/credit-collection";
import { postDepositOperatorFee } from "@/lib/features/ledger/operator-fee-entries";
import { lockPaymentLink } from "@/lib/features/links/lock-payment-link";
import { settleLinkAttempt } from "@/lib/features/links/settle-link-attempt";
import { recordPaymentAlerts } from "@/lib/features/payment-alerts/record-payment-alerts";
import { depositWebhookEvent } from "@/lib/features/webhooks/build-webhook-payload";
import { deliveriesDue } from "@/lib/features/webhooks/deliveries-due-signal";
import { recordWebhookEvent } from "@/lib/features/webhooks/record-webhook-event";

type FinalStatus = Exclude<DepositStatus, "pending">;

/** A conditional update that matched no row (no longer pending, or the guard failed). */
function nullWhenNoRow(error: unknown): null {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") return null;
  throw error;
}

/**
 * Moves a deposit out of pending, once, and with it everything that follows from the change, in
 * one transaction: a checkout attempt settles its payment link (lib/features/links/settle-link-attempt.ts:
 * completed pays it, pays it late or is a refund to make; failed fails it; an expired attempt
 * leaves the link open for another try), and the deposit.* webhook
 * for a deposit with its own callbackUrl is recorded (the outbox; a checkout attempt has none,
 * its link's webhook tells the merchant). The update is conditional
 * on the row still being pending and not held for support, so of two racing transitions (an
 * approval and the expiry, two confirmations) exactly one happens. Returns whether this call made
 * the change.
 */
export async function transitionDeposit(
  client: DbClient,
  options: {
    id: string;
    to: FinalStatus;
    /** When it happened: for an operator's answer, the operator's time, not when we learned it. */
    at?: Date;
    failureReason?: string;
    /** Further conditions the row must meet, e.g. an OTP still within its tries. */
    guard?: Prisma.DepositWhereInput;
    /** Columns written with the change (the validated reference, what the operator said, the end of its follow-up). */
    extra?: Pick<
      Prisma.DepositUncheckedUpdateInput,
      | "validatedReference"
      | "confirmedAt"
      | "operatorReference"
      | "operatorFeeMinor"
      | "operatorAnswer"
      | "operatorCheckedAt"
      | "followUntil"
      | "nextCheckAt"
      | "operatorNotFoundAt"
    >;
    /** The deposit's link, when the caller has the row: it never changes, and saves a query. */
    paymentLinkId?: string | null;
    /**
     * A success the operator reports after we recorded the deposit expired or failed (a last read
     * that failed, a late callback, a Wave session paid after a failed try): the money was taken,
     * so it is recorded, never ignored. Only completed may follow expired or failed; the earlier
     * end stays in expiredAt / failedAt as history.
     */
    lateSuccess?: boolean;
  },
): Promise<boolean> {
  const at = options.at ?? new Date();
  const stamp =
    // A late success after a failure we recorded: the failure's reason no longer describes it (failedAt stays as history).
    options.to === "completed" ? { completedAt: at, failureReason: null } : options.to === "failed" ? { failedAt: at, failureReason: options.failureReason } : { expiredAt: at };

  // Whether this transaction recorded a delivery: after its commit, the runner is told at once.
  let deliveryRecorded = false;
  // What this call completed, counted once the transaction is over (the metrics).
  const completed: Deposit[] = [];
  const changed = await inTransaction(client, async (tx) => {
    // Lock order: the link before its attempt, as starting an attempt does, so the two never deadlock.
    const paymentLinkId =
      options.paymentLinkId !== undefined
        ? options.paymentLinkId
        : (await tx.deposit.findUniqueOrThrow({ where: { id: options.id }, select: { paymentLinkId: true } })).paymentLinkId;
    if (paymentLinkId) await lockPaymentLink(tx, paymentLinkId);
    const deposit = await tx.deposit
      .update({
        where: {
          id: options.id,
          status: options.lateSuccess && options.to === "completed" ? { in: ["expired", "failed"] } : "pending",
          // A deposit held for support moves only by support's decision, which lifts the hold
          // first in its own transaction (lib/features/deposits/resolve-held-deposit.ts).
          heldReason: null,
          AND: options.guard ?? {},
        },
        data: { status: options.to, ...stamp, ...options.extra },
      })
      .catch(nullWhenNoRow);
    if (!deposit) return false;
    if (options.to === "completed") completed.push(deposit);
    // The money moves with the status. A checkout attempt's money is its link's: the link's
    // transition below credits it, once, for the link.
    if (options.to === "completed" && !deposit.paymentLinkId) {
      await creditCollection(tx, depositCollection(deposit, at));
    }
    // The operator's own charge for it, whoever's money the payment turns out to be.
    if (options.to === "completed") await postDepositOperatorFee(tx, deposit, at);
    // A checkout attempt's event is its link's. Others are recorded with or without a callbackUrl
    // (then nothing is delivered): the events API lists them.
    if (!deposit.paymentLinkId) {
      await recordWebhookEvent(tx, depositWebhookEvent(deposit, `deposit.${options.to}`));
      deliveryRecorded = deposit.callbackUrl !== null;
    }
    // A checkout attempt settles its link here, in this transaction: a completed attempt always
    // ends up paying the link, paying it late, or owed back to the customer, never unrecorded.
    const paid = deposit.paymentLinkId
      ? await settleLinkAttempt(tx, { ...deposit, paymentLinkId: deposit.paymentLinkId }, { to: options.to, at, failureReason: options.failureReason })
      : options.to === "completed";
    // The merchant's people who asked to hear of each payment, told after this commits (not for a refund to make).
    if (paid) await recordPaymentAlerts(tx, deposit);
    return true;
  });
  // Inside a caller's transaction the commit is still to come: the runner's poll finds it then.
  if (deliveryRecorded && committedHere(client)) deliveriesDue();
  countPaymentsCompleted(completed);
  return changed;
}
