import { expect } from "vitest";
import { db } from "@/lib/core/db/client";

/**
 * The ledger's invariant: every journal sums to zero, so every currency sums to zero across all
 * accounts, for each merchant and environment and overall. Call it after every scenario.
 */
export async function expectLedgerBalanced() {
  const perBook = await db().ledgerEntry.groupBy({ by: ["merchantId", "environment", "currency"], _sum: { amountMinor: true } });
  for (const book of perBook) expect({ ...book, _sum: book._sum.amountMinor }).toEqual({ ...book, _sum: 0n });
  const perCurrency = await db().ledgerEntry.groupBy({ by: ["currency"], _sum: { amountMinor: true } });
  for (const row of perCurrency) expect([row.currency, row._sum.amountMinor]).toEqual([row.currency, 0n]);
  const journals = await db().$queryRaw<{ journalId: string }[]>`
    SELECT "journalId" FROM "LedgerEntry" GROUP BY "journalId" HAVING SUM("amountMinor") <> 0`;
  expect(journals).toEqual([]);
}
