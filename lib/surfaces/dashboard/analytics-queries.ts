import "server-only";
import { db } from "@/lib/core/db/client";
import { analyticsReport } from "@/lib/features/analytics/analytics-report";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";

/** The analytics page's report for the scope over `query`'s dates; an invalid outcome (DomainError) for dates it refuses. */
export function getAnalyticsReport(scope: MerchantScope, query: { from?: string; to?: string }) {
  return analyticsReport(db(), scope, query);
}
