import { OPERATOR_FOLLOW_MS } from "@/lib/core/domain/operator-polling";
import type { GatewayOutcome, MoneyOutAdapter, MoneyOutForGateway } from "@/lib/integrations/gateways/adapter";
import { mayAlreadyExist, OperatorNotSentError, OperatorRejectedError, OperatorUnavailableError } from "@/lib/integrations/gateways/operators/operator-errors";
import { amountMismatch, operatorAnswer } from "@/lib/integrations/gateways/operators/operator-answer";

// One step of money leaving for a customer's wallet (a payout, a refund), whatever the operator.
// The rules that keep it from being paid twice, lost, or released while the operator may have
// paid, in one place (the caller holds the row's send claim: send-claim.ts):
//
// - A request that may have left (operatorSentAt set) is looked up before anything is sent again:
//   the operator's answer for our request id decides. Only a lookup that finds nothing, after the
//   operator's grace for showing what it received, lets the same request go again, and always with
//   the same id (MTN's X-Reference-Id, Wave's Idempotency-Key), so a second send is the first one.
// - A refusal settles it only when nothing was sent before and the refusal cannot mean "I already
//   have it" (a 409, a duplicate key: mayAlreadyExist): then its status is read. A refused resend
//   says nothing about the first request, which may have been paid.
// - Unknown stays unknown: a timeout, a 5xx, a 408 or 429, a read that fails, on a send or a
//   resend, leaves it pending; only the planner (plan-after-step.ts) gives up, on definite facts.
// - Past the follow window nothing is sent any more: it is only read (a positive "no record" is
//   reported as `noRecord`, for the planner to count), and what was never sent is not sent late.
//
// The caller persists each step: `beforeSend` must durably record the send (under the claim)
// before the call, so a crash during the call is remembered as "may have been sent".

export type MoneyOutStep = (
  /** The operator's final answer: record it (completed pays, failed releases). */
  | { kind: "final"; outcome: Extract<GatewayOutcome, { status: "completed" | "failed" }> }
  /** Nothing final yet (pending at the operator, not visible yet, the read failed, an unknown outcome): ask again later. */
  | { kind: "pending" }
  /** A request left now: ask for its outcome later. */
  | { kind: "sent" }
  /**
   * Nothing could be sent (and nothing ever was, when `neverSent`): tried again later, unless the
   * operator is not configured here at all (`notConfigured`) or the follow window is over.
   */
  | { kind: "not_sent"; neverSent: boolean; notConfigured?: boolean; retryAfterSeconds?: number }
) & {
  /** What the operator said, for support. */
  answer: string;
  /** The operator's id for it, when it gave one (stored in place of ours). */
  operatorRequestId?: string;
  /** Past the follow window, a status read past the grace found no record of it at the operator. */
  noRecord?: boolean;
};

export type MoneyOutHooks = {
  /** Durably record that a request for it is about to leave (operatorSentAt = at, one more send); throws if the claim was lost. */
  beforeSend(at: Date): Promise<void>;
  /** The request never left after all: put operatorSentAt back as it was. */
  notSent(previous: Date | null): Promise<void>;
};

/** Whether the follow window (OPERATOR_FOLLOW_MS from creation) is over: no more sends, only reads. */
export const followWindowOver = (item: Pick<MoneyOutForGateway, "createdAt">, now: Date) => now.getTime() - item.createdAt.getTime() >= OPERATOR_FOLLOW_MS;

/** The operator's final answer, unless it reports a success for other figures than ours: then it completes nothing and support looks. */
function answered(outcome: GatewayOutcome, item: MoneyOutForGateway, otherwise: "pending" | "sent"): MoneyOutStep {
  if (outcome.status === "pending") return { kind: otherwise, answer: operatorAnswer(outcome) };
  const mismatch = outcome.status === "completed" ? amountMismatch(outcome, item) : null;
  if (mismatch) return { kind: otherwise, answer: mismatch };
  return { kind: "final", outcome, answer: operatorAnswer(outcome) };
}

export async function advanceMoneyOut<T extends MoneyOutForGateway>(
  item: T,
  adapter: MoneyOutAdapter<T>,
  hooks: MoneyOutHooks,
  now = new Date(),
): Promise<MoneyOutStep> {
  const sentBefore = item.operatorSentAt;
  const windowOver = followWindowOver(item, now);
  if (sentBefore) {
    let known: GatewayOutcome | "not_found" | "unreadable";
    try {
      known = await adapter.status(item);
    } catch (error) {
      // The operator could not be asked: that says nothing about the payment.
      return { kind: "pending", answer: operatorAnswer(error) };
    }
    if (known !== "not_found" && known !== "unreadable") return answered(known, item, "pending");
    const said = known === "unreadable" ? "sent, not readable back" : "not found";
    // Not there (or not readable): maybe not visible yet, or it never arrived. Only past the
    // grace is it sent again, as the same request, and only within the follow window.
    if (now.getTime() - sentBefore.getTime() < adapter.notFoundGraceMs) return { kind: "pending", answer: known === "unreadable" ? said : "not found yet" };
    // A positive "no record" only: an operator we cannot read proves nothing by its silence.
    if (windowOver) return { kind: "pending", answer: said, ...(known === "not_found" ? { noRecord: true } : {}) };
  } else if (windowOver) {
    return { kind: "not_sent", neverSent: true, answer: "not sent within the follow window" };
  }

  await hooks.beforeSend(now);
  try {
    const { operatorRequestId, outcome } = await adapter.send({ ...item, operatorSentAt: now });
    const id = operatorRequestId ? { operatorRequestId } : {};
    const accepted = sentBefore ? "sent again (same request id)" : "accepted";
    return { ...(outcome ? answered(outcome, item, "sent") : { kind: "sent", answer: accepted }), ...id };
  } catch (error) {
    if (error instanceof OperatorNotSentError) {
      await hooks.notSent(sentBefore);
      return {
        kind: "not_sent",
        answer: operatorAnswer(error),
        neverSent: sentBefore === null,
        ...(error.reason === "not_configured" ? { notConfigured: true } : {}),
        ...(error instanceof OperatorUnavailableError ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
      };
    }
    if (error instanceof OperatorRejectedError) {
      // "I already have it" is no refusal: what it has is read next time.
      if (mayAlreadyExist(error)) return { kind: "pending", answer: `${operatorAnswer(error)}: may already exist, its status decides` };
      // The first request refused: nothing was made. A refused resend proves nothing about the first.
      if (!sentBefore) {
        return { kind: "final", outcome: { status: "failed", reason: `operator_rejected${error.operatorCode ? `: ${error.operatorCode}` : ""}` }, answer: operatorAnswer(error) };
      }
      return { kind: "pending", answer: `resend refused: ${operatorAnswer(error)}` };
    }
    // Sent, outcome unknown (timeout, 5xx, 408, 429, broken connection): looked up next time.
    return { kind: "pending", answer: operatorAnswer(error) };
  }
}
