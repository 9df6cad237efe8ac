// GET /dashboard/balance/statement.csv?from&to - the member's ledger statement as CSV (streamed, scoped)
import { statementCsvLines } from "@/lib/dashboard/balance-and-payouts";
import { csvDownload } from "@/lib/dashboard/csv-route";
import { parseListFilters } from "@/lib/dashboard/list-filters";

export async function GET(request: Request) {
  const filters = parseListFilters(Object.fromEntries(new URL(request.url).searchParams), []);
  return csvDownload("/dashboard/balance/statement.csv", "statement.csv", (scope, db) => statementCsvLines(db, scope, filters));
}
