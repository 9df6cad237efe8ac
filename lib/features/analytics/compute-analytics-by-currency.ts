import { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { formatWholeSeconds } from "@/lib/core/domain/time";
import type { AnalyticsByCurrency } from "@/lib/core/schemas/analytics";
import { computeAnalytics } from "./compute-analytics";

type Scope = { merchantId: string; environment: Environment; from: Date; to: Date };

/**
 * The currencies the merchant created a payment link or an API deposit in during the range,
 * alphabetical: the blocks a merchant expects when asking without a currency (amounts in two
 * currencies cannot be added up). Checkout attempts are left out as in computeAnalytics: their
 * link already carries the currency.
 */
async function activeCurrencies(client: DbClient, scope: Scope): Promise<string[]> {
  const where = Prisma.sql`"merchantId" = ${scope.merchantId} AND "environment" = ${scope.environment}::"Environment"
    AND "createdAt" >= ${scope.from} AND "createdAt" < ${scope.to}`;
  const rows = await client.$queryRaw<{ currency: string }[]>`
    SELECT "currency" FROM "Deposit" WHERE ${where} AND "paymentLinkId" IS NULL
    UNION
    SELECT "currency" FROM "PaymentLink" WHERE ${where}
    ORDER BY 1`;
  return rows.map((row) => row.currency);
}

/** The analytics of every currency with activity in the range, one block each (the single-currency shape). */
export async function computeAnalyticsByCurrency(client: DbClient, scope: Scope): Promise<AnalyticsByCurrency> {
  const currencies = [];
  // Sequential on purpose: PGlite has a single connection.
  for (const currency of await activeCurrencies(client, scope)) currencies.push(await computeAnalytics(client, { ...scope, currency }));
  return { from: formatWholeSeconds(scope.from), to: formatWholeSeconds(scope.to), currencies };
}
