// GET /dashboard/batches/template.csv - the bulk payout CSV template, in the member's language
import { getLocale } from "next-intl/server";
import { batchTemplateCsv } from "@/lib/surfaces/dashboard/batch-csv-files";
import { csvDownload } from "@/lib/surfaces/dashboard/csv-route";

export async function GET() {
  const locale = (await getLocale()) === "en" ? "en" : "fr";
  return csvDownload("/dashboard/batches/template.csv", locale === "fr" ? "paiements-groupes-modele.csv" : "bulk-payouts-template.csv", (scope, db) => batchTemplateCsv(db, scope, locale));
}
