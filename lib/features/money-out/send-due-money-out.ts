import { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { eachDueRow, type Pace } from "@/lib/core/db/each-due-row";
import type { Environment } from "@/lib/core/domain/environment";
import { retryAfterFailure } from "@/lib/core/domain/operator-polling";
import { errorFields, log } from "@/lib/core/logging/log";
import type { MoneyOutForGateway } from "@/lib/integrations/gateways/adapter";
import type { MoneyOutKind, MoneyOutRecord } from "./money-out-kind";
import { moneyOutTable, withSendClaim } from "./send-claim";
import { stepMoneyOut, transitionOf } from "./step-money-out";
import { transitionMoneyOut } from "./transition-money-out";

/**
 * Every pending row of a kind whose step is due (a sandbox answer, a SCHEDULED batch's time, a
 * live one to send or read at its operator), up to `batchSize`, claimed with a lease (lib/core/db/each-due-row.ts).
 * Each transition stays conditional on pending, so a lease that lapses mid-send costs a no-op,
 * never a second payment. A step that throws goes back in line with back-off (its dueAt moves
 * later), on this pass or any later one. `environment`: only one environment's (the sandbox's in
 * the due-work sweep, the live operators' in the reconciliation); `all`: also the rows the kind
 * takes before their time (npm run reconcile); `where`: only the rows it matches (a batch's lines);
 * `pace`: several at once per key (a batch's lines: per operator, as each tolerates). Returns how many settled, and how many were claimed.
 */
export async function sendDueMoneyOut<R extends MoneyOutRecord, T extends MoneyOutForGateway>(
  client: DbClient,
  kind: MoneyOutKind<R, T>,
  options: { now?: Date; batchSize?: number; environment?: Environment; all?: boolean; where?: Prisma.Sql; pace?: Pace<R> } = {},
): Promise<{ settled: number; claimed: number }> {
  const now = options.now ?? new Date();
  const at = Prisma.sql`${now}::timestamp(3)`;
  const due = options.all ? Prisma.sql`("dueAt" <= ${at} OR ("dueAt" IS NOT NULL AND ${kind.earlyWhenAll}))` : Prisma.sql`"dueAt" <= ${at}`;
  const environment = options.environment ? Prisma.sql`AND "environment" = ${options.environment}::"Environment"` : Prisma.empty;
  const where = options.where ? Prisma.sql`AND ${options.where}` : Prisma.empty;
  const { counted, claimed } = await eachDueRow(
    client,
    kind.sqlTable,
    { due: Prisma.sql`"status" = 'pending' AND ${due} ${environment} ${where}`, orderBy: Prisma.sql`"dueAt"`, limit: options.batchSize ?? 100, now },
    {
      load: (ids) => kind.findDue(client, ids),
      pace: options.pace,
      work: async (row) => {
        const step = options.all && row.dueAt && row.dueAt > now ? { ...row, dueAt: now } : row;
        return (await kind.stepDue(client, step, now)).status !== "pending";
      },
      failed: async (row, error) => {
        log("error", `${kind.table} step failed`, { id: row.id, ...errorFields(error) });
        await moneyOutTable(client, kind.table)
          .updateMany({ where: { id: row.id, status: "pending" }, data: { dueAt: retryAfterFailure(row.createdAt, now) } })
          .catch((updateError: unknown) => log("error", `${kind.table} back-off not recorded`, { id: row.id, ...errorFields(updateError) }));
      },
    },
  );
  return { settled: counted, claimed };
}

/**
 * One step of a live payout or refund under its send claim (send-claim.ts, step-money-out.ts:
 * looked up before any resend, sent again only by the same request id, the funds released only on
 * definite facts, left to support past the follow window), finished by the kind's transition
 * under the same claim. Skipped when another sender holds the claim: it is that sender's step. An
 * operator not configured here sends nothing: a row that never left fails (its money goes back),
 * one that did stays held for support. Returns the row as it now stands.
 */
export async function stepLiveMoneyOut<R extends MoneyOutRecord, T extends MoneyOutForGateway>(client: DbClient, kind: MoneyOutKind<R, T>, id: string, now = new Date()): Promise<R> {
  return (await tryStepLiveMoneyOut(client, kind, id, now)).row;
}

/**
 * stepLiveMoneyOut, saying whether this step ran (`stepped`) or was skipped because another sender
 * held the claim. The row read after a skipped step may already show the claim free (the other
 * sender released it in between): only `stepped` says that nobody is left to read it.
 */
export async function tryStepLiveMoneyOut<R extends MoneyOutRecord, T extends MoneyOutForGateway>(
  client: DbClient,
  kind: MoneyOutKind<R, T>,
  id: string,
  now = new Date(),
): Promise<{ row: R; stepped: boolean }> {
  const ran = await withSendClaim(client, kind.table, id, async (claim) => {
    // Read under the claim: what an earlier sender recorded (a send, a final answer) is seen.
    const row = await kind.find(client, id);
    if (row.status !== "pending" || !kind.sendable(row)) return true;
    await stepMoneyOut(client, claim, row, await kind.operator(client, row), (outcome) => transitionMoneyOut(client, kind, { id, ...transitionOf(outcome, now), claim }), now);
    return true;
  });
  return { row: await kind.find(client, id), stepped: ran !== null };
}
