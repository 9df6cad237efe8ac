import type { Sql } from "@/lib/core/db/sql";
import { timestampParam } from "@/lib/core/db/sql";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { HOUR_MS, USAGE_RETENTION_MS } from "./key-usage-counter";

// The merchant's view of its API keys' requests (issue 48 item 5), from the hourly counts the
// processes write (ApiKeyUsage, key-usage-counter.ts); and their retention.

/** The window the dashboard shows: the current hour and the 23 before it (the counts are hourly). */
export const USAGE_WINDOW_HOURS = 24;

export type KeyUsage = {
  requests: number;
  clientErrors: number;
  serverErrors: number;
  /** Shares of `requests` (0..1); null without requests. */
  clientErrorRate: number | null;
  serverErrorRate: number | null;
};

// Only the scope's keys (merchant and environment), whatever ids the table holds: the usage
// of another merchant's key can never be read through this.
const QUERY = `
  SELECT k."id",
    coalesce(sum(u."ok"), 0)::text AS ok,
    coalesce(sum(u."clientErrors"), 0)::text AS client_errors,
    coalesce(sum(u."serverErrors"), 0)::text AS server_errors
  FROM "ApiKey" k
  LEFT JOIN "ApiKeyUsage" u ON u."apiKeyId" = k."id" AND u."bucketStart" >= $3::timestamp(3)
  WHERE k."merchantId" = $1 AND k."environment" = $2::"Environment" AND k."role" = 'merchant' AND k."revokedAt" IS NULL
  GROUP BY k."id"`;

/** Each of the scope's keys in use (not revoked) with its requests of the last 24 hours, by key id. */
export async function readKeyUsage(sql: Sql, scope: MerchantScope, now = new Date()): Promise<Map<string, KeyUsage>> {
  const since = now.getTime() - (now.getTime() % HOUR_MS) - (USAGE_WINDOW_HOURS - 1) * HOUR_MS;
  const rows = await sql(QUERY, [scope.merchantId, scope.environment, timestampParam(new Date(since))]);
  return new Map(
    rows.map((row) => {
      const clientErrors = Number(row.client_errors);
      const serverErrors = Number(row.server_errors);
      const requests = Number(row.ok) + clientErrors + serverErrors;
      const share = (n: number) => (requests === 0 ? null : n / requests);
      return [row.id as string, { requests, clientErrors, serverErrors, clientErrorRate: share(clientErrors), serverErrorRate: share(serverErrors) }];
    }),
  );
}

/**
 * Forgets the hours older than 30 days, a batch at a time, in every due-work pass (as the operator
 * call log): when nothing is old it is one probe of the bucketStart index.
 */
export async function deleteOldKeyUsage(sql: Sql, now = new Date(), batchSize = 1000): Promise<number> {
  const text = `WITH gone AS (
      DELETE FROM "ApiKeyUsage" WHERE ("apiKeyId", "bucketStart") IN (
        SELECT "apiKeyId", "bucketStart" FROM "ApiKeyUsage" WHERE "bucketStart" < $1::timestamp(3) LIMIT ${batchSize}
      ) RETURNING 1
    ) SELECT count(*)::text AS n FROM gone`;
  const [row] = await sql(text, [timestampParam(new Date(now.getTime() - USAGE_RETENTION_MS))]);
  return Number(row.n);
}
