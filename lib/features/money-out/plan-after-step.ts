import { nextOperatorCheck } from "@/lib/core/domain/operator-polling";
import type { GatewayOutcome } from "@/lib/integrations/gateways/adapter";
import type { MoneyOutStep } from "./advance-money-out";
import { noRecordSpacingMs } from "./money-out-settings";

/** How often an item left to support is still read at its operator: a late answer still settles it. */
export const UNRESOLVED_READ_EVERY_MS = 60 * 60_000;

/** Reads past the follow window that must find no record before the money is released. */
export const NO_RECORD_READS_TO_RELEASE = 2;

/** The reason of a release on "no record": our give-up, not the operator's "failed" (follow-released.ts reads it on). */
export const RELEASED_ON_NO_RECORD = "operator_has_no_record";

/** The run of "no record" reads a row keeps: how many counted, and when the first of them was. */
export type NoRecordRun = { notFoundReads: number; firstNoRecordAt: Date | null };

/** What a payout or a refund row does after one step (advance-money-out.ts): the caller persists it. */
export type MoneyOutPlan =
  /** Record the operator's final answer, or our give-up on definite facts (a failure that releases the money). */
  | { kind: "final"; outcome: Extract<GatewayOutcome, { status: "completed" | "failed" }>; givenUp: boolean }
  /**
   * Followed for the whole window without a final answer: support decides, the money stays held,
   * and it is still read at `dueAt` (hourly), so a late answer settles it.
   */
  | ({ kind: "unresolved"; dueAt: Date } & NoRecordRun)
  /** Step again at dueAt. */
  | ({ kind: "wait"; dueAt: Date } & NoRecordRun);

type PlannedRow = { createdAt: Date; operatorSentAt: Date | null } & NoRecordRun;

/**
 * The "no record" run after this step. A send resets it (beforeSend); a read that found the item,
 * or failed, breaks it. A read within the spacing of the run's first counts for nothing: passes a
 * moment apart are one look, and an operator whose reads lag behind what it took (MTN shows a
 * transfer late) has had no time to show it. A row counted before the first read's time was kept
 * starts its run again.
 */
function noRecordRun(step: MoneyOutStep, row: NoRecordRun, now: Date, spacingMs: number): NoRecordRun {
  if (step.kind === "sent" || !step.noRecord) return { notFoundReads: 0, firstNoRecordAt: null };
  if (row.notFoundReads === 0 || !row.firstNoRecordAt) return { notFoundReads: 1, firstNoRecordAt: now };
  if (now.getTime() - row.firstNoRecordAt.getTime() < spacingMs) return { notFoundReads: row.notFoundReads, firstNoRecordAt: row.firstNoRecordAt };
  return { notFoundReads: row.notFoundReads + 1, firstNoRecordAt: row.firstNoRecordAt };
}

/**
 * Unknown stays unknown: the money stays held while the operator may have paid. It is released (a
 * failure) only by the operator's own "failed" or its refusal of a first request, by a request
 * that never left (the operator not configured here, or nothing sent within the follow window),
 * or by an operator that, once the window is over, had no record of it on more than one read, the
 * last at least MONEY_OUT_NO_RECORD_SPACING_MS after the first (NO_RECORD_READS_TO_RELEASE). Anything
 * else still open then is left to support, still read. Otherwise the next step comes with back-off
 * from the last send (or from creation while nothing left).
 */
export function planAfterStep(step: MoneyOutStep, row: PlannedRow, now: Date, windowOver: boolean, spacingMs = noRecordSpacingMs()): MoneyOutPlan {
  if (step.kind === "final") return { kind: "final", outcome: step.outcome, givenUp: false };
  if (step.kind === "not_sent" && step.neverSent && (step.notConfigured || windowOver)) {
    return { kind: "final", outcome: { status: "failed", reason: step.notConfigured ? "operator_not_configured" : "not_sent_in_time" }, givenUp: true };
  }
  const run = noRecordRun(step, row, now, spacingMs);
  if (run.notFoundReads >= NO_RECORD_READS_TO_RELEASE) return { kind: "final", outcome: { status: "failed", reason: RELEASED_ON_NO_RECORD }, givenUp: true };
  if (windowOver) return { kind: "unresolved", dueAt: new Date(now.getTime() + UNRESOLVED_READ_EVERY_MS), ...run };
  if (step.kind === "not_sent" && step.retryAfterSeconds) return { kind: "wait", dueAt: new Date(now.getTime() + step.retryAfterSeconds * 1000), ...run };
  const since = step.kind === "sent" ? now : (row.operatorSentAt ?? row.createdAt);
  return { kind: "wait", dueAt: nextOperatorCheck(since, now), ...run };
}
