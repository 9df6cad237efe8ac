import type { Prisma } from "@prisma/client";
import { lockStatement, type LockUpsert } from "@/lib/core/db/locked-write";
import type { Environment } from "@/lib/core/domain/environment";

/**
 * The merchant's balance lock for one currency, held until the transaction ends. Every debit of
 * that balance takes it first, so "check the balance, then debit" cannot interleave with another
 * debit: the upsert both creates the row on first use and row-locks it in one statement.
 */
export function balanceLock(merchantId: string, environment: Environment, currency: string): LockUpsert {
  return {
    into: `"BalanceLock" ("merchantId", "environment", "currency")`,
    values: `$1, $2::"Environment", $3`,
    onConflict: `ON CONFLICT ("merchantId", "environment", "currency") DO UPDATE SET "currency" = EXCLUDED."currency"`,
    params: [merchantId, environment, currency],
  };
}

/** Takes the balance lock (balanceLock) in the caller's transaction. */
export async function lockBalance(tx: Prisma.TransactionClient, merchantId: string, environment: Environment, currency: string) {
  const { text, params } = lockStatement(balanceLock(merchantId, environment, currency));
  await tx.$executeRawUnsafe(text, ...params);
}
