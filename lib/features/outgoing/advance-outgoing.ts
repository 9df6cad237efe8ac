import type { GatewayOutcome, OutgoingAdapter, OutgoingForGateway } from "@/lib/integrations/gateways/adapter";
import { OperatorNotSentError, OperatorRejectedError, OperatorUnavailableError } from "@/lib/integrations/gateways/operators/operator-errors";
import { amountMismatch, operatorAnswer } from "@/lib/integrations/gateways/operators/operator-answer";

// One step of money leaving for a customer's wallet (a payout, a refund), whatever the operator.
// The rules that keep it from being paid twice or lost, in one place:
//
// - A request that may have left (operatorSentAt set) is looked up before anything is sent again:
//   the operator's answer for our request id decides. Only a lookup that finds nothing, after the
//   operator's grace for showing what it received, lets the same request go again, and always with
//   the same id (MTN's X-Reference-Id, Wave's Idempotency-Key), so a second send is the first one.
// - A refusal settles it only when nothing could have been sent before: a refused resend after an
//   unknown outcome says nothing about the first request, which may have been paid. The row stays
//   pending and is looked up again; the caller releases nothing.
// - What never left (not configured, circuit open, connection refused) is tried again later: the
//   caller gives up, and releases the money, only when it has never left, after its deadline.
//
// The caller persists each step: `beforeSend` must durably record the send before the call, so a
// crash during the call is remembered as "may have been sent".

export type OutgoingStep = (
  /** The operator's final answer: record it (completed pays, failed releases). */
  | { kind: "final"; outcome: Extract<GatewayOutcome, { status: "completed" | "failed" }> }
  /** Nothing final yet (pending at the operator, not visible yet, or the read failed): ask again later. */
  | { kind: "pending" }
  /** A request left now (or may have): ask for its outcome later. */
  | { kind: "sent"; operatorRequestId?: string }
  /** Nothing could be sent (and nothing ever was, when `neverSent`): try again later. */
  | { kind: "not_sent"; neverSent: boolean; retryAfterSeconds?: number }
) & {
  /** What the operator said, for support. */
  answer: string;
  /** The operator's id for it, when it gave one (stored in place of ours). */
  operatorRequestId?: string;
  /**
   * The operator was asked for an earlier request and had no record of it, past its grace: with
   * the follow window over, the caller may conclude it was never made.
   */
  noRecord?: boolean;
};

export type OutgoingHooks = {
  /** Durably record that a request for it is about to leave (operatorSentAt = at, one more send). */
  beforeSend(at: Date): Promise<void>;
  /** The request never left after all: put operatorSentAt back as it was. */
  notSent(previous: Date | null): Promise<void>;
};

export async function advanceOutgoing<T extends OutgoingForGateway>(
  item: T,
  adapter: OutgoingAdapter<T>,
  hooks: OutgoingHooks,
  now = new Date(),
): Promise<OutgoingStep> {
  const sentBefore = item.operatorSentAt;
  let unreadable = false;
  if (sentBefore) {
    let known: GatewayOutcome | "not_found" | "unreadable";
    try {
      known = await adapter.status(item);
    } catch (error) {
      // The operator could not be asked: that says nothing about the payment.
      return { kind: "pending", answer: operatorAnswer(error) };
    }
    if (known !== "not_found" && known !== "unreadable") {
      if (known.status === "pending") return { kind: "pending", answer: operatorAnswer(known) };
      // A success for other figures than ours completes nothing: support looks (lib/features/reconciliation/).
      const mismatch = known.status === "completed" ? amountMismatch(known, item) : null;
      if (mismatch) return { kind: "pending", answer: mismatch };
      return { kind: "final", outcome: known, answer: operatorAnswer(known) };
    }
    // Not there (or not readable): maybe not visible yet, or it never arrived. Only past the
    // grace is it sent again, as the same request.
    if (now.getTime() - sentBefore.getTime() < adapter.notFoundGraceMs) return { kind: "pending", answer: known === "unreadable" ? "sent, not readable back" : "not found yet" };
    unreadable = known === "unreadable";
  }
  // A positive "no record" only: an operator we cannot read proves nothing by its silence.
  const noRecord = sentBefore && !unreadable ? { noRecord: true } : {};

  await hooks.beforeSend(now);
  const sending = { ...item, operatorSentAt: now };
  try {
    const { operatorRequestId, outcome } = await adapter.send(sending);
    const id = operatorRequestId ? { operatorRequestId } : {};
    if (outcome && outcome.status !== "pending") {
      const mismatch = outcome.status === "completed" ? amountMismatch(outcome, item) : null;
      if (!mismatch) return { kind: "final", outcome, answer: operatorAnswer(outcome), ...id };
      return { kind: "sent", answer: mismatch, ...id };
    }
    return { kind: "sent", answer: sentBefore ? "sent again (same request id)" : outcome ? operatorAnswer(outcome) : "accepted", ...id, ...noRecord };
  } catch (error) {
    if (error instanceof OperatorNotSentError) {
      await hooks.notSent(sentBefore);
      return {
        kind: "not_sent",
        answer: operatorAnswer(error),
        neverSent: sentBefore === null,
        ...(error instanceof OperatorUnavailableError ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
        ...noRecord,
      };
    }
    if (error instanceof OperatorRejectedError) {
      // The first request refused: nothing was made. A refused resend proves nothing about the first.
      if (!sentBefore) {
        return { kind: "final", outcome: { status: "failed", reason: `operator_rejected${error.operatorCode ? `: ${error.operatorCode}` : ""}` }, answer: operatorAnswer(error) };
      }
      return { kind: "pending", answer: `resend refused: ${operatorAnswer(error)}`, ...noRecord };
    }
    // Sent, outcome unknown (timeout, 5xx, broken connection): looked up next time.
    return { kind: "pending", answer: operatorAnswer(error), ...noRecord };
  }
}

/** A table with the send-tracking columns (Transfer, Refund), as the Prisma client exposes it. */
type SendTracked = {
  updateMany(args: { where: { id: string; status: "pending" }; data: { operatorSentAt: Date | null; sendAttempts?: { increment: number } } }): Promise<unknown>;
};

/** The hooks for a row of `table`: the send recorded before the call, undone when it never left. */
export function outgoingHooks(table: SendTracked, id: string): OutgoingHooks {
  const where = { id, status: "pending" as const };
  return {
    beforeSend: async (at) => void (await table.updateMany({ where, data: { operatorSentAt: at, sendAttempts: { increment: 1 } } })),
    notSent: async (previous) => void (await table.updateMany({ where, data: { operatorSentAt: previous } })),
  };
}
