import { computeAnalyticsByCurrency } from "@/lib/features/analytics/compute-analytics-by-currency";
import { resolveAnalyticsRange } from "@/lib/features/analytics/resolve-analytics-range";
import type { DbClient } from "@/lib/core/db/client";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { minorUnits } from "@/lib/core/domain/money";
import { csvLine } from "@/lib/features/transfers/balance-and-transfers";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The analytics API's figures per currency for a day range (default: the last 30 days), scoped; a bad range is 400/40023. */
export async function analyticsReport(client: DbClient, scope: MerchantScope, query: { from?: string; to?: string }, now = new Date()) {
  const days = { from: query.from && DAY.test(query.from) ? query.from : undefined, to: query.to && DAY.test(query.to) ? query.to : undefined };
  const range = resolveAnalyticsRange(days, now);
  return computeAnalyticsByCurrency(client, { ...scope, ...range });
}

/** The report as CSV: one line per currency and day, then one per currency and gateway. */
export async function* analyticsCsvLines(client: DbClient, scope: MerchantScope, query: { from?: string; to?: string }): AsyncGenerator<string> {
  const report = await analyticsReport(client, scope, query);
  yield csvLine(["section", "currency", "date_or_gateway", "created", "completed", "completedVolume", "feesCollected"]);
  for (const block of report.currencies) {
    // Major-unit amounts with the currency's decimals ("10.50" EUR): the figures are exact to them.
    const money = (amount: number) => amount.toFixed(minorUnits(block.currency));
    for (const day of block.byDay) yield csvLine(["day", block.currency, day.date, String(day.created), String(day.completed), money(day.completedVolume), ""]);
    for (const g of block.byGateway) {
      yield csvLine(["gateway", block.currency, g.gatewayName, String(g.count), String(g.completed), money(g.completedVolume), money(g.feesCollected)]);
    }
  }
}
