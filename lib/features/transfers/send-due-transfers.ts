import { Prisma } from "@prisma/client";
import { claimDueRows } from "@/lib/core/db/claim-due-rows";
import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { retryAfterFailure } from "@/lib/core/domain/operator-polling";
import { errorFields, log } from "@/lib/core/logging/log";
import { sendDueTransfer } from "./send-due-transfer";

/**
 * Every transfer whose time has come (DIRECT answer or SCHEDULED batch), up to `batchSize`;
 * returns how many settled. The batch is claimed in one statement with a lease (lib/core/db/claim-due-rows.ts),
 * so runners in several processes and machines send disjoint transfers, and a runner that dies
 * leaves its batch to the others once the lease lapses. Each transition stays conditional on
 * pending, so a lease that lapses mid-send costs a no-op, never a second payout record. A send
 * that throws goes back in line with back-off (its dueAt moves later), so a batch's worth of them
 * never holds the others back, on this pass or any later one.
 */
export async function sendDueTransfers(
  client: DbClient,
  now = new Date(),
  batchSize = 100,
  /**
   * Only one environment's (the sandbox's answers in the due-work sweep, the live operators' in
   * the reconciliation); `all`: also the live payouts already sent whose next look is not due yet
   * (npm run reconcile), never a batch before its time.
   */
  options: { environment?: Environment; all?: boolean } = {},
): Promise<{ settled: number; claimed: number }> {
  const at = Prisma.sql`${now}::timestamp(3)`;
  const due = options.all ? Prisma.sql`("dueAt" <= ${at} OR ("dueAt" IS NOT NULL AND "operatorSentAt" IS NOT NULL))` : Prisma.sql`"dueAt" <= ${at}`;
  const environment = options.environment ? Prisma.sql`AND "environment" = ${options.environment}::"Environment"` : Prisma.empty;
  const claim = await claimDueRows(client, "Transfer", {
    due: Prisma.sql`"status" = 'pending' AND ${due} ${environment}`,
    orderBy: Prisma.sql`"dueAt"`,
    limit: batchSize,
    now,
  });
  let settled = 0;
  try {
    const transfers = claim.ids.length ? await client.transfer.findMany({ where: { id: { in: claim.ids } }, orderBy: { dueAt: "asc" } }) : [];
    // One at a time: a live payout is a call to the operator, which rate-limits.
    for (const transfer of transfers) {
      try {
        const step = options.all && transfer.dueAt && transfer.dueAt > now ? { ...transfer, dueAt: now } : transfer;
        if ((await sendDueTransfer(client, step, now)).status !== "pending") settled++;
      } catch (error) {
        // One bad row must not stop the others; it is tried again once its back-off has passed.
        log("error", "transfer send failed", { id: transfer.id, ...errorFields(error) });
        claim.failed(transfer.id);
        await client.transfer
          .updateMany({ where: { id: transfer.id, status: "pending" }, data: { dueAt: retryAfterFailure(transfer.createdAt, now) } })
          .catch((updateError: unknown) => log("error", "transfer back-off not recorded", { id: transfer.id, ...errorFields(updateError) }));
      }
    }
  } finally {
    await claim.release();
  }
  return { settled, claimed: claim.ids.length };
}

