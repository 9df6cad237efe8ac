import { randomUUID } from "node:crypto";
import { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { DomainError } from "@/lib/core/errors/domain-error";
import { operatorTimeoutMs } from "@/lib/integrations/gateways/operators/operator-http";

// The claim on one payout's or refund's send: the fence that keeps two senders (an API request,
// the embedded runner, another worker, `npm run reconcile`, support) from working on the same row
// at once. Taken by compare-and-set before a step; every write of the step (the "sent" mark, what
// the operator said, the final transition) is conditional on still holding it, so a sender whose
// claim lapsed (a stalled process) records nothing, and one that lost it before its call makes no
// call. Released after the step; a holder that died lets it lapse.
//
// The lease is in real time, whatever `now` a caller passes for the business rules: it is about
// whether a process is alive, and two callers with different clocks must never both hold it. So it
// is read and set on the database's clock, never a process's: a worker whose clock runs ahead
// would otherwise take a claim its holder still uses, and both would call the operator.

/**
 * How long a claim holds: one step's worst case (a token, a status read and a send, each up to
 * OPERATOR_TIMEOUT_MS, with one 401 retry each) and some. Longer than a step ever lasts, so a live
 * holder never loses it mid-call; short enough that a dead holder's row is taken over within a minute.
 */
export const sendClaimLeaseMs = () => 4 * operatorTimeoutMs() + 5_000;

export type MoneyOutTableName = "transfer" | "refund";

/** A held claim: its token guards the step's writes (`where: { sendClaim: token }`). */
export type SendClaim = { table: MoneyOutTableName; id: string; token: string };

/** The step lost its claim before its call (it lapsed and another sender took it): nothing was sent. */
export class SendClaimLostError extends Error {
  constructor(claim: SendClaim) {
    super(`${claim.table} ${claim.id}: its send claim lapsed and was taken over; nothing sent`);
    this.name = "SendClaimLostError";
  }
}

type ClaimableTable = {
  updateMany(args: { where: Record<string, unknown>; data: Record<string, unknown> }): Promise<{ count: number }>;
};

export const moneyOutTable = (client: DbClient, table: MoneyOutTableName) => client[table] as unknown as ClaimableTable;

const TABLES: Record<MoneyOutTableName, Prisma.Sql> = { transfer: Prisma.raw(`"Transfer"`), refund: Prisma.raw(`"Refund"`) };

/** The row's table, for the raw statements below (a fixed name, never input). */
export const moneyOutTableSql = (table: MoneyOutTableName) => TABLES[table];

/**
 * The database's time now (clock_timestamp: the statement's own moment, even inside a long
 * transaction), as the UTC timestamp the DateTime columns hold.
 */
export const DATABASE_NOW = Prisma.sql`(clock_timestamp() AT TIME ZONE 'UTC')`;

/** The end of a lease taken or renewed now, on the database's clock. */
export const leaseEnd = () => Prisma.sql`${DATABASE_NOW} + ${sendClaimLeaseMs()}::int * interval '1 millisecond'`;

/** Takes the claim on a pending row nobody holds (or whose holder's lease lapsed); null when another holds it. */
export async function claimSend(client: DbClient, table: MoneyOutTableName, id: string): Promise<SendClaim | null> {
  const token = randomUUID();
  // Prisma's updateMany cannot say "now() + interval": one raw compare-and-set, on the database's clock.
  const count = await client.$executeRaw`
    UPDATE ${moneyOutTableSql(table)} SET "sendClaim" = ${token}, "sendClaimUntil" = ${leaseEnd()}
    WHERE "id" = ${id} AND "status" = 'pending' AND ("sendClaim" IS NULL OR "sendClaimUntil" <= ${DATABASE_NOW})`;
  return count === 1 ? { table, id, token } : null;
}

/** Where a write of the step applies: the row, still pending, still under this claim. */
export const claimed = (claim: SendClaim) => ({ id: claim.id, status: "pending" as const, sendClaim: claim.token });

/** Gives the claim back (a no-op when a transition already cleared it, or another holds it now). */
export async function releaseSend(client: DbClient, claim: SendClaim): Promise<void> {
  await moneyOutTable(client, claim.table).updateMany({
    where: { id: claim.id, sendClaim: claim.token },
    data: { sendClaim: null, sendClaimUntil: null },
  });
}

/** Runs `step` under the row's claim and releases it after; null when another sender holds it. */
export async function withSendClaim<T>(client: DbClient, table: MoneyOutTableName, id: string, step: (claim: SendClaim) => Promise<T>): Promise<T | null> {
  const claim = await claimSend(client, table, id);
  if (!claim) return null;
  try {
    return await step(claim);
  } finally {
    await releaseSend(client, claim);
  }
}

/** 409 for support's decision on a row a sender holds now (at its operator: its step ends within a lease). */
export const beingSent = (reference: string) =>
  new DomainError("conflict", { details: `${reference} is being sent to or read at its operator right now; try again in a minute` });
