import { Prisma } from "@prisma/client";
import { claimDueRows } from "@/lib/core/db/claim-due-rows";
import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { retryAfterFailure } from "@/lib/core/domain/operator-polling";
import { errorFields, log } from "@/lib/core/logging/log";
import { advanceRefund } from "./advance-refund";

/**
 * Every pending refund whose step is due (sent, answered, looked up), up to `batchSize`, in one
 * environment, claimed with a lease like transfers (lib/core/db/claim-due-rows.ts). A step that throws
 * goes back in line with back-off. `all`: every open one whatever its schedule (npm run reconcile).
 */
export async function sendDueRefunds(
  client: DbClient,
  options: { now?: Date; batchSize?: number; environment: Environment; all?: boolean },
): Promise<{ settled: number; claimed: number }> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 100;
  const due = options.all ? Prisma.sql`"dueAt" IS NOT NULL` : Prisma.sql`"dueAt" <= ${now}::timestamp(3)`;
  const claim = await claimDueRows(client, "Refund", {
    due: Prisma.sql`"status" = 'pending' AND "environment" = ${options.environment}::"Environment" AND ${due}`,
    orderBy: Prisma.sql`"dueAt"`,
    limit: batchSize,
    now,
  });
  let settled = 0;
  try {
    const refunds = claim.ids.length ? await client.refund.findMany({ where: { id: { in: claim.ids } }, orderBy: { dueAt: "asc" } }) : [];
    // One at a time: a live refund is a call to the operator, which rate-limits.
    for (const refund of refunds) {
      try {
        const step = options.all && refund.dueAt && refund.dueAt > now ? { ...refund, dueAt: now } : refund;
        if ((await advanceRefund(client, step, now)).status !== "pending") settled++;
      } catch (error) {
        log("error", "refund step failed", { id: refund.id, ...errorFields(error) });
        claim.failed(refund.id);
        await client.refund
          .updateMany({ where: { id: refund.id, status: "pending" }, data: { dueAt: retryAfterFailure(refund.createdAt, now) } })
          .catch((updateError: unknown) => log("error", "refund back-off not recorded", { id: refund.id, ...errorFields(updateError) }));
      }
    }
  } finally {
    await claim.release();
  }
  return { settled, claimed: claim.ids.length };
}
