import { Prisma } from "@prisma/client";
import { claimDueRows } from "@/lib/core/db/claim-due-rows";
import type { DbClient } from "@/lib/core/db/client";
import { errorFields, log } from "@/lib/core/logging/log";
import { stepReleasedMoneyOut } from "@/lib/features/money-out/follow-released";
import { bookLateRefundSuccess } from "./book-late-refund-success";
import { refundForGateway, refundOperator } from "./refund-operator";

/**
 * The live refunds released on "no record" whose next read is due (`all`: every one still
 * followed), read at their operator like payouts (lib/features/transfers/follow-released-transfers.ts);
 * one paid after all is booked again, once. Returns how many were booked, and how many were claimed.
 */
export async function followReleasedRefunds(client: DbClient, now: Date, options: { batchSize?: number; all?: boolean } = {}): Promise<{ booked: number; claimed: number }> {
  const batchSize = options.batchSize ?? 100;
  const at = Prisma.sql`${now}::timestamp(3)`;
  const due = options.all ? Prisma.sql`"dueAt" IS NOT NULL` : Prisma.sql`"dueAt" <= ${at}`;
  const claim = await claimDueRows(client, "Refund", {
    due: Prisma.sql`"status" = 'failed' AND "environment" = 'live' AND "followUntil" IS NOT NULL AND ${due}`,
    orderBy: Prisma.sql`"dueAt"`,
    limit: batchSize,
    now,
  });
  let booked = 0;
  try {
    const refunds = claim.ids.length ? await client.refund.findMany({ where: { id: { in: claim.ids } }, orderBy: { dueAt: "asc" } }) : [];
    for (const refund of refunds) {
      try {
        const deposit = await client.deposit.findUniqueOrThrow({ where: { id: refund.depositId } });
        const { adapter } = refundOperator(refund.gatewayName, refund.environment);
        const paid = await stepReleasedMoneyOut(client, "refund", refund, adapter && { adapter, item: refundForGateway(refund, deposit) }, (outcome) =>
          bookLateRefundSuccess(client, { id: refund.id, outcome, now }),
        now);
        if (paid) booked++;
      } catch (error) {
        log("error", "released refund read failed", { id: refund.id, ...errorFields(error) });
        claim.failed(refund.id);
      }
    }
  } finally {
    await claim.release();
  }
  return { booked, claimed: claim.ids.length };
}
