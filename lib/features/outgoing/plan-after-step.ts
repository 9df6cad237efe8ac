import { nextOperatorCheck, OPERATOR_FOLLOW_MS } from "@/lib/core/domain/operator-polling";
import type { GatewayOutcome } from "@/lib/integrations/gateways/adapter";
import type { OutgoingStep } from "./advance-outgoing";

/** What a payout or a refund row does after one step (advance-outgoing.ts): the caller persists it. */
export type OutgoingPlan =
  /** Record the operator's final answer, or our give-up (a failure that releases the money). */
  | { kind: "final"; outcome: Extract<GatewayOutcome, { status: "completed" | "failed" }>; givenUp: boolean }
  /** Followed for the whole window without a final answer: no more automatic steps, support decides. */
  | { kind: "unresolved" }
  /** Step again at dueAt. */
  | { kind: "wait"; dueAt: Date };

/**
 * The money stays held while the operator may have paid. It is released (a failure) only by the
 * operator's own "failed", by a request that never left within OPERATOR_FOLLOW_MS
 * ("not_sent_in_time"), or by an operator that still has no record of it once that window is over
 * ("operator_has_no_record"). Anything else still open then is left to support. Otherwise the next
 * step comes with back-off from the last send (or from creation while nothing left).
 */
export function planAfterStep(step: OutgoingStep, row: { createdAt: Date; operatorSentAt: Date | null }, now: Date): OutgoingPlan {
  if (step.kind === "final") return { kind: "final", outcome: step.outcome, givenUp: false };
  const overdue = now.getTime() - row.createdAt.getTime() >= OPERATOR_FOLLOW_MS;
  if (overdue && step.kind === "not_sent" && step.neverSent) return { kind: "final", outcome: { status: "failed", reason: "not_sent_in_time" }, givenUp: true };
  if (overdue && step.noRecord && step.kind !== "sent") return { kind: "final", outcome: { status: "failed", reason: "operator_has_no_record" }, givenUp: true };
  if (overdue) return { kind: "unresolved" };
  if (step.kind === "not_sent" && step.retryAfterSeconds) return { kind: "wait", dueAt: new Date(now.getTime() + step.retryAfterSeconds * 1000) };
  const since = step.kind === "sent" ? now : (row.operatorSentAt ?? row.createdAt);
  return { kind: "wait", dueAt: nextOperatorCheck(since, now) };
}
