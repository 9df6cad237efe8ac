import { Prisma } from "@prisma/client";
import { claimDueRows } from "@/lib/core/db/claim-due-rows";
import type { DbClient } from "@/lib/core/db/client";
import { errorFields, log } from "@/lib/core/logging/log";
import { stepReleasedMoneyOut } from "@/lib/features/money-out/follow-released";
import { livePayoutAdapter } from "@/lib/integrations/gateways/live-adapters";
import { bookLateTransferSuccess } from "./book-late-transfer-success";
import { payoutForGateway } from "./send-live-transfer";

/**
 * The live payouts released on "no record" whose next read is due (`all`: every one still
 * followed), read at their operator, up to `batchSize`, claimed with a lease like the pending ones
 * (lib/core/db/claim-due-rows.ts); one paid after all is booked again, once. Returns how many were
 * booked, and how many were claimed.
 */
export async function followReleasedTransfers(client: DbClient, now: Date, options: { batchSize?: number; all?: boolean } = {}): Promise<{ booked: number; claimed: number }> {
  const batchSize = options.batchSize ?? 100;
  const at = Prisma.sql`${now}::timestamp(3)`;
  const due = options.all ? Prisma.sql`"dueAt" IS NOT NULL` : Prisma.sql`"dueAt" <= ${at}`;
  const claim = await claimDueRows(client, "Transfer", {
    due: Prisma.sql`"status" = 'failed' AND "environment" = 'live' AND "followUntil" IS NOT NULL AND ${due}`,
    orderBy: Prisma.sql`"dueAt"`,
    limit: batchSize,
    now,
  });
  let booked = 0;
  try {
    const transfers = claim.ids.length ? await client.transfer.findMany({ where: { id: { in: claim.ids } }, orderBy: { dueAt: "asc" } }) : [];
    // One at a time: each is a call to the operator, which rate-limits.
    for (const transfer of transfers) {
      try {
        const payout = livePayoutAdapter(transfer.gatewayName);
        const paid = await stepReleasedMoneyOut(client, "transfer", transfer, payout && { adapter: payout, item: payoutForGateway(transfer) }, (outcome) =>
          bookLateTransferSuccess(client, { id: transfer.id, outcome, now }),
        now);
        if (paid) booked++;
      } catch (error) {
        log("error", "released transfer read failed", { id: transfer.id, ...errorFields(error) });
        claim.failed(transfer.id);
      }
    }
  } finally {
    await claim.release();
  }
  return { booked, claimed: claim.ids.length };
}
