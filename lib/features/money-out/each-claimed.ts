import { Prisma } from "@prisma/client";
import { claimDueRows } from "@/lib/core/db/claim-due-rows";
import type { DbClient } from "@/lib/core/db/client";
import type { MoneyOutForGateway } from "@/lib/integrations/gateways/adapter";
import type { MoneyOutKind, MoneyOutRecord } from "./money-out-kind";

/**
 * Works through up to `batchSize` rows of a kind matching `due`, claimed in one statement with a
 * lease (lib/core/db/claim-due-rows.ts), so runners in several processes and machines work on
 * disjoint rows, and a runner that dies leaves its batch to the others once the lease lapses.
 * One at a time: each may be a call to the operator, which rate-limits. A row whose work throws
 * is handed to `failed` and kept claimed a while (the claim's `failed`), so one bad row never
 * holds the others back. Returns how many `work` counted, and how many were claimed.
 */
export async function eachClaimed<R extends MoneyOutRecord, T extends MoneyOutForGateway>(
  client: DbClient,
  kind: MoneyOutKind<R, T>,
  options: { due: Prisma.Sql; now: Date; batchSize: number },
  work: (row: R) => Promise<boolean>,
  failed: (row: R, error: unknown) => Promise<void>,
): Promise<{ counted: number; claimed: number }> {
  const claim = await claimDueRows(client, kind.sqlTable, {
    due: options.due,
    orderBy: Prisma.sql`"dueAt"`,
    limit: options.batchSize,
    now: options.now,
  });
  let counted = 0;
  try {
    const rows = claim.ids.length ? await kind.findDue(client, claim.ids) : [];
    for (const row of rows) {
      try {
        if (await work(row)) counted++;
      } catch (error) {
        claim.failed(row.id);
        await failed(row, error);
      }
    }
  } finally {
    await claim.release();
  }
  return { counted, claimed: claim.ids.length };
}
