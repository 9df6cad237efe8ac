import type { Prisma } from "@prisma/client";
import type { Environment } from "@/lib/core/domain/environment";

/**
 * Takes the merchant's balance lock for one currency until the transaction ends. Every debit of
 * that balance takes it first, so "check the balance, then debit" cannot interleave with another
 * debit: the upsert both creates the row on first use and row-locks it in one statement.
 */
export async function lockBalance(tx: Prisma.TransactionClient, merchantId: string, environment: Environment, currency: string) {
  await tx.$executeRaw`
    INSERT INTO "BalanceLock" ("merchantId", "environment", "currency")
    VALUES (${merchantId}, ${environment}::"Environment", ${currency})
    ON CONFLICT ("merchantId", "environment", "currency") DO UPDATE SET "currency" = EXCLUDED."currency"`;
}
