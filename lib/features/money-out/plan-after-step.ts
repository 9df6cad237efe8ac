import { nextOperatorCheck } from "@/lib/core/domain/operator-polling";
import type { GatewayOutcome } from "@/lib/integrations/gateways/adapter";
import type { MoneyOutStep } from "./advance-money-out";

/** How often an item left to support is still read at its operator: a late answer still settles it. */
export const UNRESOLVED_READ_EVERY_MS = 60 * 60_000;

/** Reads past the follow window that must find no record before the money is released. */
export const NO_RECORD_READS_TO_RELEASE = 2;

/** What a payout or a refund row does after one step (advance-money-out.ts): the caller persists it. */
export type MoneyOutPlan =
  /** Record the operator's final answer, or our give-up on definite facts (a failure that releases the money). */
  | { kind: "final"; outcome: Extract<GatewayOutcome, { status: "completed" | "failed" }>; givenUp: boolean }
  /**
   * Followed for the whole window without a final answer: support decides, the money stays held,
   * and it is still read at `dueAt` (hourly), so a late answer settles it.
   */
  | { kind: "unresolved"; dueAt: Date; notFoundReads: number }
  /** Step again at dueAt. */
  | { kind: "wait"; dueAt: Date; notFoundReads: number };

/**
 * Unknown stays unknown: the money stays held while the operator may have paid. It is released (a
 * failure) only by the operator's own "failed" or its refusal of a first request, by a request
 * that never left (the operator not configured here, or nothing sent within the follow window),
 * or by an operator that, once the window is over, had no record of it on more than one read
 * (NO_RECORD_READS_TO_RELEASE). Anything else still open then is left to support, still read.
 * Otherwise the next step comes with back-off from the last send (or from creation while nothing left).
 */
export function planAfterStep(
  step: MoneyOutStep,
  row: { createdAt: Date; operatorSentAt: Date | null; notFoundReads: number },
  now: Date,
  windowOver: boolean,
): MoneyOutPlan {
  if (step.kind === "final") return { kind: "final", outcome: step.outcome, givenUp: false };
  if (step.kind === "not_sent" && step.neverSent && (step.notConfigured || windowOver)) {
    return { kind: "final", outcome: { status: "failed", reason: step.notConfigured ? "operator_not_configured" : "not_sent_in_time" }, givenUp: true };
  }
  // A send resets the count (beforeSend); a read that found the item, or failed, breaks the run.
  const notFoundReads = step.kind === "sent" ? 0 : step.noRecord ? row.notFoundReads + 1 : 0;
  if (notFoundReads >= NO_RECORD_READS_TO_RELEASE) return { kind: "final", outcome: { status: "failed", reason: "operator_has_no_record" }, givenUp: true };
  if (windowOver) return { kind: "unresolved", dueAt: new Date(now.getTime() + UNRESOLVED_READ_EVERY_MS), notFoundReads };
  if (step.kind === "not_sent" && step.retryAfterSeconds) return { kind: "wait", dueAt: new Date(now.getTime() + step.retryAfterSeconds * 1000), notFoundReads };
  const since = step.kind === "sent" ? now : (row.operatorSentAt ?? row.createdAt);
  return { kind: "wait", dueAt: nextOperatorCheck(since, now), notFoundReads };
}
