import type { Deposit } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { nextOperatorCheck } from "@/lib/core/domain/operator-polling";
import type { GatewayAdapter, GatewayOutcome } from "@/lib/integrations/gateways/adapter";
import { depositAdapter } from "@/lib/integrations/gateways/gateway-adapter";
import { amountMismatch, operatorAnswer } from "@/lib/integrations/gateways/operators/operator-answer";
import { errorFields, log } from "@/lib/core/logging/log";
import { transitionDeposit } from "./transition-deposit";

// A deposit and its operator: what the operator says decides, whenever it says it. A pending
// deposit is read on its back-off schedule until an answer or its expiry; a live one the operator
// may still take after our expiry (a Wave session left open, an MTN prompt still on the phone) is
// closed at the operator where it can be, and followed until the operator's answer is final
// (Deposit.followUntil, lib/features/reconciliation/): a success that lands late is recorded, once.

/**
 * The operator's time of its answer, kept within what can be true: not before the deposit existed,
 * not after we asked (a clock ahead of ours). Without one, the time we learned it.
 */
function operatorTime(at: Date | undefined, deposit: Deposit, now: Date): Date {
  if (!at || Number.isNaN(at.getTime())) return now;
  return new Date(Math.min(Math.max(at.getTime(), deposit.createdAt.getTime()), now.getTime()));
}

/**
 * What the row keeps of an operator that shows no record of the payment past its window (MTN's
 * 404): the time of the first such read, which the adapter weighs against the next.
 */
function firstNotFound(deposit: Deposit, outcome: GatewayOutcome, now: Date): { operatorNotFoundAt?: Date } {
  return outcome.status !== "completed" && outcome.noRecord && !deposit.operatorNotFoundAt ? { operatorNotFoundAt: now } : {};
}

/** Whether the operator could be asked about this deposit: DIRECT/REDIRECT, or an OTP payment a live operator took. */
function readable(deposit: Deposit): boolean {
  return deposit.flow === "classic" || (deposit.confirmedAt !== null && deposit.nextCheckAt !== null);
}

/**
 * Brings a pending DIRECT/REDIRECT deposit up to date with its operator's answer, then with its
 * expiry. The operator's answer wins over the expiry, stamped with the operator's time. Safe to
 * call from any reader at any time: transitions are conditional, so concurrent callers record the
 * outcome once. Returns the row as it now stands.
 */
export async function syncDepositWithGateway(client: DbClient, deposit: Deposit, now = new Date()): Promise<Deposit> {
  if (deposit.status !== "pending" || deposit.heldReason) return deposit;
  // A live deposit is read at its operator on its back-off schedule (nextCheckAt: the sweep, or at
  // once after a callback), not on every merchant or checkout read: operators rate-limit, and a
  // page polling every few seconds would otherwise call the operator as often.
  if (deposit.nextCheckAt && deposit.nextCheckAt > now && now < deposit.expiresAt) return deposit;
  const adapter = depositAdapter(deposit);
  let outcome: GatewayOutcome = { status: "pending" };
  if (adapter && readable(deposit)) {
    try {
      outcome = await adapter.status(deposit, now);
    } catch (error) {
      // The operator could not be asked (down, circuit open): that says nothing about the
      // payment, so it is neither settled nor expired on it; the next read (with back-off) will tell.
      log("warn", "operator status read failed", { reference: deposit.reference, ...errorFields(error) });
      return deferNextCheck(client, deposit, now, operatorAnswer(error));
    }
  }
  return applyGatewayOutcome(client, deposit, outcome, now);
}

/**
 * Records an operator's answer about a deposit (a status read, a verified operator event that
 * matches the deposit, support's check), then its expiry when the answer is still "pending":
 * - a success completes it, stamped with the operator's time, even after our own expiry or a
 *   failure we recorded (the customer was charged: a checkout attempt then pays its link, pays it
 *   late or is a refund to make, lib/features/links/settle-link-attempt.ts); but a success for other
 *   figures than ours completes nothing: the deposit is held for support with both;
 * - a failure fails a pending deposit; one on "no record" alone (MTN's 404 read twice past its
 *   window) keeps it followed, in case the operator shows it late; a failed try the operator
 *   keeps open (lastTryFailed) is noted and the deposit stays payable;
 * - once expired on our side, the operator is told to close it where it can (close()) and is
 *   followed until its answer is final.
 */
export async function applyGatewayOutcome(client: DbClient, deposit: Deposit, outcome: GatewayOutcome, now = new Date()): Promise<Deposit> {
  if (deposit.heldReason || deposit.status === "completed") return deposit;
  const answer = { operatorAnswer: operatorAnswer(outcome), operatorCheckedAt: now };
  const ended = deposit.status !== "pending";
  // Final at the operator: nothing left to learn from it.
  const settledThere = { ...answer, followUntil: null, nextCheckAt: null };

  if (outcome.status === "completed") {
    const mismatch = amountMismatch(outcome, { amountMinor: deposit.amountMinor + deposit.feesMinor, currency: deposit.currency });
    if (mismatch) return holdForSupport(client, deposit, outcome, mismatch, now);
    // The answer is about the row as we read it: a checkout attempt replaced meanwhile is asked
    // again (once: supersededAt is only ever set once), since the answer may depend on it.
    const changed = await transitionDeposit(client, {
      id: deposit.id,
      paymentLinkId: deposit.paymentLinkId,
      to: "completed",
      at: operatorTime(outcome.at, deposit, now),
      guard: { supersededAt: deposit.supersededAt },
      lateSuccess: ended,
      extra: {
        ...settledThere,
        ...(outcome.operatorReference ? { operatorReference: outcome.operatorReference } : {}),
        ...(outcome.operatorFeeMinor ? { operatorFeeMinor: outcome.operatorFeeMinor } : {}),
      },
    });
    return afterTransition(client, deposit, changed, now);
  }
  if (ended) return noteFollowUp(client, deposit, outcome, now);

  if (outcome.status === "failed") {
    // Not final at the operator when it only has no record of it (yet): read on until followUntil.
    const followOn = outcome.noRecord ? { ...answer, nextCheckAt: nextOperatorCheck(deposit.createdAt, now) } : settledThere;
    const changed = await transitionDeposit(client, {
      id: deposit.id,
      paymentLinkId: deposit.paymentLinkId,
      to: "failed",
      at: operatorTime(outcome.at, deposit, now),
      failureReason: outcome.reason,
      guard: { supersededAt: deposit.supersededAt },
      extra: { ...followOn, ...(outcome.operatorReference ? { operatorReference: outcome.operatorReference } : {}) },
    });
    return afterTransition(client, deposit, changed, now);
  }
  const notFound = firstNotFound(deposit, outcome, now);
  if (now.getTime() < deposit.expiresAt.getTime()) {
    return deferNextCheck(client, deposit, now, answer.operatorAnswer, { ...notFound, ...(outcome.lastTryFailed ? { lastTryFailure: outcome.lastTryFailed } : {}) });
  }
  // Expired on our side. A live one is followed (followUntil): where the operator can close it, it
  // is told to now; otherwise it is read again on the back-off schedule (it was just read).
  const closable = deposit.followUntil ? depositAdapter(deposit)?.close !== undefined : false;
  await transitionDeposit(client, {
    id: deposit.id,
    paymentLinkId: deposit.paymentLinkId,
    to: "expired",
    at: deposit.expiresAt,
    extra: deposit.followUntil ? { ...answer, ...notFound, nextCheckAt: closable ? now : nextOperatorCheck(deposit.createdAt, now) } : {},
  });
  const expired = await client.deposit.findUniqueOrThrow({ where: { id: deposit.id } });
  return closable && expired.status === "expired" ? followEndedDeposit(client, expired, now) : expired;
}

/**
 * A live deposit ended on our side (expired, or failed) that its operator may still take: closed
 * at the operator where it can be (Wave expires the session), else read; a success is recorded
 * as late, a final answer ends the follow-up, anything else is asked again with back-off.
 */
export async function followEndedDeposit(client: DbClient, deposit: Deposit, now = new Date(), adapter?: GatewayAdapter | null): Promise<Deposit> {
  if (deposit.status === "pending" || deposit.status === "completed" || deposit.heldReason || !deposit.followUntil) return deposit;
  const operator = adapter === undefined ? depositAdapter(deposit) : adapter;
  if (!operator || !readable(deposit)) return deposit;
  let outcome: GatewayOutcome;
  try {
    outcome = operator.close ? await operator.close(deposit, now) : await operator.status(deposit, now);
  } catch (error) {
    log("warn", "operator read of an ended deposit failed", { reference: deposit.reference, ...errorFields(error) });
    return noteFollowUp(client, deposit, { status: "pending", said: operatorAnswer(error) }, now);
  }
  return applyGatewayOutcome(client, deposit, outcome, now);
}

/** Whether this call or a concurrent one made the change, the row now holds the outcome. */
async function afterTransition(client: DbClient, deposit: Deposit, changed: boolean, now: Date): Promise<Deposit> {
  const current = await client.deposit.findUniqueOrThrow({ where: { id: deposit.id } });
  if (!changed && current.status === "pending" && current.supersededAt?.getTime() !== deposit.supersededAt?.getTime()) {
    return syncDepositWithGateway(client, current, now);
  }
  return current;
}

/**
 * The operator reported a payment that is not ours to complete (another amount or currency): held
 * for support with both figures, whatever our status. Nothing is credited, nothing expires it, no
 * more reads; support decides (lib/features/deposits/resolve-held-deposit.ts).
 */
async function holdForSupport(client: DbClient, deposit: Deposit, outcome: Extract<GatewayOutcome, { status: "completed" }>, mismatch: string, now: Date) {
  log("warn", "operator reported other figures than ours: deposit held for support", { reference: deposit.reference, mismatch });
  await client.deposit.updateMany({
    where: { id: deposit.id, status: deposit.status, heldReason: null },
    data: {
      heldReason: "amount_mismatch",
      heldAt: now,
      operatorAmountMinor: outcome.amountMinor ?? null,
      operatorCurrency: outcome.currency ?? deposit.currency,
      operatorAnswer: mismatch.slice(0, 200),
      operatorCheckedAt: now,
      ...(outcome.operatorReference ? { operatorReference: outcome.operatorReference } : {}),
      followUntil: null,
      nextCheckAt: null,
    },
  });
  return client.deposit.findUniqueOrThrow({ where: { id: deposit.id } });
}

/**
 * A deposit ended on our side, still followed: a final answer ("failed" at the operator, but not
 * its having no record of it) ends the follow-up; anything else is asked again with back-off,
 * until followUntil (then listed as unresolved).
 */
async function noteFollowUp(client: DbClient, deposit: Deposit, outcome: GatewayOutcome, now: Date): Promise<Deposit> {
  if (!deposit.followUntil) return deposit;
  const final = outcome.status !== "pending" && !(outcome.status === "failed" && outcome.noRecord);
  const data = {
    operatorAnswer: operatorAnswer(outcome),
    operatorCheckedAt: now,
    ...firstNotFound(deposit, outcome, now),
    ...(final ? { followUntil: null, nextCheckAt: null } : { nextCheckAt: nextOperatorCheck(deposit.createdAt, now) }),
  };
  await client.deposit.updateMany({ where: { id: deposit.id, status: deposit.status, heldReason: null }, data });
  return { ...deposit, ...data };
}

/**
 * A live deposit still pending after a status read: its next read by the sweep, with back-off
 * (lib/core/domain/operator-polling.ts), what the operator said, and what the row notes of it (a
 * failed try the operator keeps open, its first read without a record). Sandbox deposits have no
 * nextCheckAt: untouched.
 */
async function deferNextCheck(
  client: DbClient,
  deposit: Deposit,
  now: Date,
  said?: string,
  noted: { lastTryFailure?: string; operatorNotFoundAt?: Date } = {},
): Promise<Deposit> {
  if (!deposit.nextCheckAt) return deposit;
  const data = {
    nextCheckAt: nextOperatorCheck(deposit.createdAt, now),
    operatorCheckedAt: now,
    ...(said ? { operatorAnswer: said } : {}),
    ...noted,
  };
  await client.deposit.updateMany({ where: { id: deposit.id, status: "pending" }, data });
  return { ...deposit, ...data };
}

/**
 * A deposit read at its operator now, whatever its back-off says (a customer asking "was I
 * charged?", lib/features/charge-lookup): a pending one is brought up to date, one we ended that
 * the operator may still take (followed) is read; any other is returned as it is. Calls the
 * operator: never inside a transaction.
 */
export function readDepositNow(client: DbClient, deposit: Deposit, now = new Date()): Promise<Deposit> {
  const due = deposit.nextCheckAt ? { ...deposit, nextCheckAt: now } : deposit;
  return deposit.status === "pending" ? syncDepositWithGateway(client, due, now) : followEndedDeposit(client, due, now);
}
