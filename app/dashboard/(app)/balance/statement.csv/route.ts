// GET /dashboard/balance/statement.csv?from&to - the member's ledger statement as CSV (streamed, scoped), in the member's language
import { getLocale, getTranslations } from "next-intl/server";
import { parseListFilters } from "@/lib/core/domain/list-filters";
import { csvDownload } from "@/lib/surfaces/dashboard/csv-route";
import { csvLocale } from "@/lib/surfaces/dashboard/csv-row";
import { statementCsvFile } from "@/lib/surfaces/dashboard/report-csv";

export async function GET(request: Request) {
  const filters = parseListFilters(Object.fromEntries(new URL(request.url).searchParams), []);
  const [t, labels, locale] = await Promise.all([getTranslations("dashboard"), getTranslations("labels"), getLocale()]);
  const filename = csvLocale(locale) === "fr" ? "releve.csv" : "statement.csv";
  return csvDownload("/dashboard/balance/statement.csv", filename, (scope, db, member) => statementCsvFile(db, scope, filters, { t, labels, locale: csvLocale(locale), timeZone: member.timeZone }));
}
