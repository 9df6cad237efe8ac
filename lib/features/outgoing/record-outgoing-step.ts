import type { GatewayOutcome } from "@/lib/integrations/gateways/adapter";
import { log } from "@/lib/core/logging/log";
import type { OutgoingStep } from "./advance-outgoing";
import { planAfterStep } from "./plan-after-step";

/** A table of money going out (Transfer, Refund), as the Prisma client exposes it. */
type OutgoingTable = {
  updateMany(args: {
    where: { id: string; status: "pending" };
    data: { operatorAnswer: string; operatorCheckedAt: Date; operatorRequestId?: string; dueAt?: Date | null };
  }): Promise<unknown>;
};

export type FinalOutcome = Extract<GatewayOutcome, { status: "completed" | "failed" }>;

/**
 * Records one step of a payout or a refund (advance-outgoing.ts) on its row, as planAfterStep says:
 * what the operator said, then either its final answer (`finish`: the row's own transition, with
 * its money and webhook), no more automatic steps (unresolved after the window: support decides,
 * the money held), or the next step's time.
 */
export async function recordOutgoingStep(
  table: OutgoingTable,
  row: { id: string; reference: string; createdAt: Date; operatorSentAt: Date | null },
  step: OutgoingStep,
  now: Date,
  finish: (outcome: FinalOutcome) => Promise<unknown>,
) {
  const plan = planAfterStep(step, row, now);
  const where = { id: row.id, status: "pending" as const };
  const seen = { operatorAnswer: step.answer.slice(0, 200), operatorCheckedAt: now, ...(step.operatorRequestId ? { operatorRequestId: step.operatorRequestId } : {}) };
  if (plan.kind === "final") {
    if (plan.givenUp) log("warn", "money out given up: nothing can have been paid", { reference: row.reference, reason: plan.outcome.status === "failed" ? plan.outcome.reason : "" });
    await table.updateMany({ where, data: seen });
    await finish(plan.outcome);
  } else if (plan.kind === "unresolved") {
    log("warn", "money out unresolved after the follow window: left to support", { reference: row.reference, answer: step.answer });
    await table.updateMany({ where, data: { ...seen, operatorAnswer: `unresolved: ${step.answer}`.slice(0, 200), dueAt: null } });
  } else {
    await table.updateMany({ where, data: { ...seen, dueAt: plan.dueAt } });
  }
}

/** A final outcome as the transitions take it: the operator's time, reason, reference and fee. */
export function transitionOf(outcome: FinalOutcome, now: Date) {
  return {
    to: outcome.status,
    at: outcome.at ?? now,
    failureReason: outcome.status === "failed" ? outcome.reason : undefined,
    operatorReference: outcome.operatorReference,
    ...(outcome.status === "completed" && outcome.operatorFeeMinor !== undefined ? { operatorFeeMinor: outcome.operatorFeeMinor } : {}),
  };
}
