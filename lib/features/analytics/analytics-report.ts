import { computeAnalyticsByCurrency } from "@/lib/features/analytics/compute-analytics-by-currency";
import { resolveAnalyticsRange } from "@/lib/features/analytics/resolve-analytics-range";
import type { DbClient } from "@/lib/core/db/client";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The analytics API's figures per currency for a day range (default: the last 30 days), scoped; a bad range is 400/40023. */
export async function analyticsReport(client: DbClient, scope: MerchantScope, query: { from?: string; to?: string }, now = new Date()) {
  const days = { from: query.from && DAY.test(query.from) ? query.from : undefined, to: query.to && DAY.test(query.to) ? query.to : undefined };
  const range = resolveAnalyticsRange(days, now);
  return computeAnalyticsByCurrency(client, { ...scope, ...range });
}
