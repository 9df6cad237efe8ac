import { Prisma } from "@prisma/client";
import { claimDueRows } from "@/lib/db/claim-due-rows";
import type { DbClient } from "@/lib/db/client";
import { errorFields, log } from "@/lib/logging/log";
import { sendDueTransfer } from "./send-due-transfer";

/**
 * Every transfer whose time has come (DIRECT answer or SCHEDULED batch), up to `batchSize`;
 * returns how many settled. The batch is claimed in one statement with a lease (lib/db/claim-due-rows.ts),
 * so runners in several processes and machines send disjoint transfers, and a runner that dies
 * leaves its batch to the others once the lease lapses. Each transition stays conditional on
 * pending, so a lease that lapses mid-send costs a no-op, never a second payout record. A send
 * that throws keeps its claim for a while (claim.failed), so it never holds the line.
 */
export async function sendDueTransfers(client: DbClient, now = new Date(), batchSize = 100): Promise<{ settled: number; claimed: number }> {
  const claim = await claimDueRows(client, "Transfer", {
    due: Prisma.sql`"status" = 'pending' AND "dueAt" <= ${now}::timestamp(3)`,
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
        if ((await sendDueTransfer(client, transfer, now)).status !== "pending") settled++;
      } catch (error) {
        // One bad row must not stop the others; it is tried again once its back-off has passed.
        log("error", "transfer send failed", { id: transfer.id, ...errorFields(error) });
        claim.failed(transfer.id);
      }
    }
  } finally {
    await claim.release();
  }
  return { settled, claimed: claim.ids.length };
}
