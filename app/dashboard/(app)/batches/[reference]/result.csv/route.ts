// GET /dashboard/batches/[reference]/result.csv - a bulk payout's lines as they stand, in the member's language
import { getLocale, getTranslations } from "next-intl/server";
import { batchResultCsv } from "@/lib/surfaces/dashboard/batch-csv-files";
import { csvDownload } from "@/lib/surfaces/dashboard/csv-route";

export async function GET(_request: Request, { params }: { params: Promise<{ reference: string }> }) {
  const [{ reference }, tb, labels, locale] = await Promise.all([params, getTranslations("batches"), getTranslations("labels"), getLocale()]);
  const words = { tb, labels, locale: locale === "en" ? ("en" as const) : ("fr" as const) };
  return csvDownload("/dashboard/batches/[reference]/result.csv", `${reference}.csv`, (scope, db) => batchResultCsv(db, scope, reference, words));
}
