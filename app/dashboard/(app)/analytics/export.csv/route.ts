// GET /dashboard/analytics/export.csv?from&to - the member's analytics per currency, day and gateway as CSV
import { analyticsCsvLines } from "@/lib/features/analytics/analytics-report";
import { csvDownload } from "@/lib/surfaces/dashboard/csv-route";

export async function GET(request: Request) {
  const params = new URL(request.url).searchParams;
  const query = { from: params.get("from") ?? undefined, to: params.get("to") ?? undefined };
  return csvDownload("/dashboard/analytics/export.csv", "analytics.csv", (scope, db) => analyticsCsvLines(db, scope, query));
}
