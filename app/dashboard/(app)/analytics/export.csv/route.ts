// GET /dashboard/analytics/export.csv?from&to - the member's analytics per currency, day and gateway as CSV, in the member's language
import { getLocale, getTranslations } from "next-intl/server";
import { csvDownload } from "@/lib/surfaces/dashboard/csv-route";
import { csvLocale } from "@/lib/surfaces/dashboard/csv-row";
import { analyticsCsvFile } from "@/lib/surfaces/dashboard/report-csv";

export async function GET(request: Request) {
  const params = new URL(request.url).searchParams;
  const query = { from: params.get("from") ?? undefined, to: params.get("to") ?? undefined };
  const [t, labels, locale] = await Promise.all([getTranslations("dashboard"), getTranslations("labels"), getLocale()]);
  const filename = csvLocale(locale) === "fr" ? "statistiques.csv" : "analytics.csv";
  return csvDownload("/dashboard/analytics/export.csv", filename, (scope, db, member) => analyticsCsvFile(db, scope, query, { t, labels, locale: csvLocale(locale), timeZone: member.timeZone }));
}
