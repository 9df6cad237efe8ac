import { sqlOn, type DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { ACCOUNTS } from "./accounts";
import { availableRead } from "./ledger-sql";

export type CurrencyBalance = { currency: string; availableMinor: bigint; pendingMinor: bigint };

/** The merchant's balances per currency, summed from the ledger in SQL. */
export async function readBalances(client: DbClient, merchantId: string, environment: Environment, currency?: string): Promise<CurrencyBalance[]> {
  const sums = await client.ledgerEntry.groupBy({
    by: ["currency", "account"],
    where: { merchantId, environment, account: { in: [ACCOUNTS.available, ACCOUNTS.inFlight] }, ...(currency ? { currency } : {}) },
    _sum: { amountMinor: true },
    orderBy: [{ currency: "asc" }],
  });
  const byCurrency = new Map<string, CurrencyBalance>();
  for (const row of sums) {
    const balance = byCurrency.get(row.currency) ?? { currency: row.currency, availableMinor: 0n, pendingMinor: 0n };
    const amount = row._sum.amountMinor ?? 0n;
    if (row.account === ACCOUNTS.available) balance.availableMinor = amount;
    else balance.pendingMinor = amount;
    byCurrency.set(row.currency, balance);
  }
  return [...byCurrency.values()];
}

/** The available balance of one currency; call it after lockBalance when about to debit. */
export async function readAvailableMinor(client: DbClient, merchantId: string, environment: Environment, currency: string): Promise<bigint> {
  const read = availableRead(merchantId, environment, currency);
  const [row] = await sqlOn(client)(`WITH ${read.text} SELECT minor::text AS minor FROM available`, read.params);
  return BigInt(row!.minor!);
}
