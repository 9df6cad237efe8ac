import { Prisma } from "@prisma/client";
import { atOnce, eachDueRow } from "@/lib/core/db/each-due-row";
import type { DbClient } from "@/lib/core/db/client";
import { followEndedDeposit, syncDepositWithGateway } from "@/lib/features/deposits/sync-deposit-with-gateway";
import { errorFields, log } from "@/lib/core/logging/log";
import { inSpan, SpanKind } from "@/lib/core/tracing/tracing";
import { followReleasedMoneyOut } from "@/lib/features/money-out/follow-released-due";
import { sendDueMoneyOut } from "@/lib/features/money-out/send-due-money-out";
import { REFUND_KIND } from "@/lib/features/refunds/refund-kind";
import { TRANSFER_KIND } from "@/lib/features/transfers/transfer-kind";

// The reconciliation: every live payment whose outcome the operator has not made final yet is read
// again, with back-off, until it is (or its follow window ends, then support sees it as unresolved):
// - deposits and checkout attempts pending at the operator, or with an unknown outcome;
// - deposits we ended (expired, failed) that the operator may still take: closed there where it
//   can be (a Wave session), read until final; a late success is credited once (the transitions
//   are conditional on the status we read);
// - payouts (transfers) and refunds sent with an unknown outcome or still processing, looked up
//   before anything is sent again (lib/features/money-out/);
// - payouts and refunds released on "no record", read for days more: one paid late is booked
//   again, once (lib/features/money-out/follow-released.ts).
// It runs as one Inngest function (lib/features/jobs/functions/reconcile-operator-outcomes-job.ts), in the
// embedded runner's pass, and on demand (npm run reconcile). Rows are claimed with leases, so any
// number of runners share the work and none reads a row twice at once.

export type ReconciliationPass = {
  depositsRead: number;
  /** Deposits whose status changed in this pass (settled, expired, completed late). */
  depositsSettled: number;
  transfersSettled: number;
  refundsSettled: number;
  /** Some kind filled its batch: more is probably due already. */
  backlog: boolean;
};

export async function reconcileOperatorOutcomes(
  client: DbClient,
  now = new Date(),
  /** `all`: read every open outcome now, whatever its back-off says (npm run reconcile). */
  options: { batchSize?: number; concurrency?: number; all?: boolean } = {},
): Promise<ReconciliationPass> {
  const batchSize = options.batchSize ?? 100;
  const report: ReconciliationPass = { depositsRead: 0, depositsSettled: 0, transfersSettled: 0, refundsSettled: 0, backlog: false };
  const at = Prisma.sql`${now}::timestamp(3)`;
  const due = options.all ? Prisma.empty : Prisma.sql`AND "nextCheckAt" <= ${at}`;
  const deposits = await eachDueRow(
    client,
    "Deposit",
    {
      due: Prisma.sql`"environment" = 'live' AND "followUntil" > ${at} AND "heldReason" IS NULL AND "status" <> 'completed' ${due}`,
      orderBy: Prisma.sql`"nextCheckAt"`,
      limit: batchSize,
      now,
    },
    {
      load: (ids) => client.deposit.findMany({ where: { id: { in: ids } } }),
      // Each read is a call to an operator, mostly waiting: a few at once.
      pace: atOnce(options.concurrency ?? 4),
      // With tracing on, each read is a job's span: the operator's call and the transition under it.
      work: (row) =>
        inSpan("job deposit status read", { kind: SpanKind.CONSUMER, attributes: { "pcs.job": "deposit status read" } }, async () => {
          const deposit = options.all ? { ...row, nextCheckAt: now } : row;
          const after = deposit.status === "pending" ? await syncDepositWithGateway(client, deposit, now) : await followEndedDeposit(client, deposit, now);
          report.depositsRead++;
          return after.status !== row.status;
        }),
      failed: (row, error) => log("error", "reconciliation failed: deposit", { id: row.id, ...errorFields(error) }),
    },
  );
  report.depositsSettled += deposits.counted;
  if (deposits.claimed === batchSize) report.backlog = true;

  const transfers = await sendDueMoneyOut(client, TRANSFER_KIND, { now, batchSize, environment: "live", all: options.all });
  report.transfersSettled = transfers.settled;
  const refunds = await sendDueMoneyOut(client, REFUND_KIND, { now, batchSize, environment: "live", all: options.all });
  report.refundsSettled = refunds.settled;
  // Released on "no record", still read: a payout or refund the operator shows paid late is booked again.
  const releasedTransfers = await followReleasedMoneyOut(client, TRANSFER_KIND, now, { batchSize, all: options.all });
  const releasedRefunds = await followReleasedMoneyOut(client, REFUND_KIND, now, { batchSize, all: options.all });
  report.transfersSettled += releasedTransfers.booked;
  report.refundsSettled += releasedRefunds.booked;
  if ([transfers, refunds, releasedTransfers, releasedRefunds].some((kind) => kind.claimed === batchSize)) report.backlog = true;
  return report;
}
