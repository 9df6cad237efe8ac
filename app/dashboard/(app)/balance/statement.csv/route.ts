// GET /dashboard/balance/statement.csv?from&to - the member's ledger statement as CSV (streamed, scoped)
import { statementCsvLines } from "@/lib/features/transfers/balance-and-transfers";
import { csvDownload } from "@/lib/surfaces/dashboard/csv-route";
import { parseListFilters } from "@/lib/core/domain/list-filters";

export async function GET(request: Request) {
  const filters = parseListFilters(Object.fromEntries(new URL(request.url).searchParams), []);
  return csvDownload("/dashboard/balance/statement.csv", "statement.csv", (scope, db) => statementCsvLines(db, scope, filters));
}
