import type { DbClient } from "@/lib/core/db/client";
import type { GatewayOutcome, MoneyOutAdapter, MoneyOutForGateway } from "@/lib/integrations/gateways/adapter";
import { log } from "@/lib/core/logging/log";
import { advanceMoneyOut, followWindowOver, type MoneyOutHooks, type MoneyOutStep } from "./advance-money-out";
import { followAfterRelease } from "./follow-released";
import { planAfterStep } from "./plan-after-step";
import { claimed, leaseEnd, moneyOutTable, moneyOutTableSql, SendClaimLostError, type SendClaim } from "./send-claim";

export type FinalOutcome = Extract<GatewayOutcome, { status: "completed" | "failed" }>;

/** What a step needs of a payout's or a refund's row. */
export type MoneyOutRow = { id: string; reference: string; createdAt: Date; operatorSentAt: Date | null; notFoundReads: number; firstNoRecordAt: Date | null; unresolvedAt: Date | null };

/** The hooks of advanceMoneyOut for a claimed row: every write conditional on the claim, the "sent" mark renewing it for the call. */
export function claimedHooks(client: DbClient, claim: SendClaim): MoneyOutHooks {
  const table = moneyOutTable(client, claim.table);
  return {
    async beforeSend(at) {
      // The lease renewed on the database's clock, as it was taken (send-claim.ts); `at` is the business clock's.
      const count = await client.$executeRaw`
        UPDATE ${moneyOutTableSql(claim.table)}
        SET "operatorSentAt" = ${at}::timestamp(3), "sendAttempts" = "sendAttempts" + 1, "notFoundReads" = 0, "firstNoRecordAt" = NULL, "sendClaimUntil" = ${leaseEnd()}
        WHERE "id" = ${claim.id} AND "status" = 'pending' AND "sendClaim" = ${claim.token}`;
      if (count === 0) throw new SendClaimLostError(claim);
    },
    notSent: async (previous) => void (await table.updateMany({ where: claimed(claim), data: { operatorSentAt: previous } })),
  };
}

/**
 * One step of a payout or a refund under its claim (send-claim.ts), recorded as planAfterStep says:
 * what the operator said, then its final answer (`finish`: the row's own transition, with its
 * money and webhook, under the same claim), or the next step's time, or support's turn (unresolved,
 * still read hourly). Without an adapter (the operator no longer configured here) nothing can be
 * sent: a row that never left fails and its money is released; one that did stays held.
 */
export async function stepMoneyOut<T extends MoneyOutForGateway>(
  client: DbClient,
  claim: SendClaim,
  row: MoneyOutRow,
  operator: { adapter: MoneyOutAdapter<T>; item: T } | null,
  finish: (outcome: FinalOutcome) => Promise<unknown>,
  now: Date,
): Promise<void> {
  const step: MoneyOutStep = operator
    ? await advanceMoneyOut(operator.item, operator.adapter, claimedHooks(client, claim), now)
    : { kind: "not_sent", neverSent: row.operatorSentAt === null, notConfigured: true, answer: "not sent: operator not configured" };
  const plan = planAfterStep(step, row, now, followWindowOver(row, now));
  const table = moneyOutTable(client, claim.table);
  const seen = { operatorAnswer: step.answer.slice(0, 200), operatorCheckedAt: now, ...(step.operatorRequestId ? { operatorRequestId: step.operatorRequestId } : {}) };
  if (plan.kind === "final") {
    if (plan.givenUp) log("warn", "money out given up: the operator cannot have paid it", { reference: row.reference, reason: plan.outcome.status === "failed" ? plan.outcome.reason : "" });
    await table.updateMany({ where: claimed(claim), data: seen });
    await finish(plan.outcome);
    return;
  }
  if (plan.kind === "unresolved" && !row.unresolvedAt) {
    log("warn", "money out unresolved after the follow window: left to support, funds held", { reference: row.reference, answer: step.answer });
  }
  const unresolved = plan.kind === "unresolved" ? { unresolvedAt: row.unresolvedAt ?? now } : {};
  await table.updateMany({ where: claimed(claim), data: { ...seen, ...unresolved, dueAt: plan.dueAt, notFoundReads: plan.notFoundReads, firstNoRecordAt: plan.firstNoRecordAt } });
}

/**
 * A final outcome as the transitions take it: the operator's time, reason, reference and fee, and,
 * for a release on "no record" (our give-up), the reads that still follow it (follow-released.ts).
 */
export function transitionOf(outcome: FinalOutcome, now: Date) {
  const follow = followAfterRelease(outcome, now);
  return {
    to: outcome.status,
    ...(follow ? { follow } : {}),
    at: outcome.at ?? now,
    failureReason: outcome.status === "failed" ? outcome.reason : undefined,
    operatorReference: outcome.operatorReference,
    ...(outcome.status === "completed" && outcome.operatorFeeMinor !== undefined ? { operatorFeeMinor: outcome.operatorFeeMinor } : {}),
  };
}
