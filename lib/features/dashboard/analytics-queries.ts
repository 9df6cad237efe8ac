import "server-only";
import { db } from "@/lib/core/db/client";
import { analyticsReport } from "./analytics-report";
import type { DashboardScope } from "./dashboard-scope";

/** The analytics page's report for the scope over `query`'s dates; an invalid outcome (DomainError) for dates it refuses. */
export function getAnalyticsReport(scope: DashboardScope, query: { from?: string; to?: string }) {
  return analyticsReport(db(), scope, query);
}
