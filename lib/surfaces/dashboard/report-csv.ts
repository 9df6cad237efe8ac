import "server-only";
import type { getTranslations } from "next-intl/server";
import type { Db } from "@/lib/core/db/client";
import type { ListFilters } from "@/lib/core/domain/list-filters";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { minorUnits } from "@/lib/core/domain/money";
import { analyticsReport } from "@/lib/features/analytics/analytics-report";
import { minorText, statementEntries } from "@/lib/features/transfers/balance-and-transfers";
import { gatewayLabel, ledgerKindLabel } from "@/lib/core/i18n/code-labels";
import { CSV_BOM, csvRow, csvTime, type CsvLocale } from "./csv-row";

// The balance statement's and the analytics' CSV downloads, in the member's language (issue 51
// item 6): headers and words (kinds of entry, accounts, operators) as the pages say them, times
// in the merchant's zone. The API's own exports keep their field names.

type Translator = Awaited<ReturnType<typeof getTranslations>>;
export type CsvWords = { t: Translator; labels: Translator; locale: CsvLocale; timeZone: string };

/** The time column's header: the zone named when it is UTC (a merchant without a country). */
const timeHeader = ({ t, timeZone }: CsvWords) => (timeZone === "UTC" ? `${t("csv.time")} (UTC)` : t("csv.time"));

/** The statement, oldest first: when, the reference, the kind of entry and the account in words, the amount. */
export async function* statementCsvFile(db: Db, scope: MerchantScope, filters: Pick<ListFilters, "from" | "to">, words: CsvWords): AsyncGenerator<string> {
  const { t, labels, locale, timeZone } = words;
  yield CSV_BOM + csvRow([timeHeader(words), t("csv.reference"), t("csv.kind"), t("csv.account"), t("csv.currency"), t("csv.amount"), t("csv.entry")], locale);
  for await (const e of statementEntries(db, scope, filters)) {
    const account = e.account === "merchant_available" ? t("balance.available") : t("balance.pending");
    yield csvRow([csvTime(e.createdAt, timeZone), e.reference, ledgerKindLabel(labels, e.kind), account, e.currency, minorText(e.amountMinor, e.currency), e.journalId], locale);
  }
}

/** The analytics of a day range: one line per currency and day, then one per currency and operator. */
export async function* analyticsCsvFile(db: Db, scope: MerchantScope, query: { from?: string; to?: string }, words: CsvWords): AsyncGenerator<string> {
  const { t, labels, locale } = words;
  const report = await analyticsReport(db, scope, query);
  yield CSV_BOM + csvRow([t("csv.section"), t("csv.currency"), t("csv.dayOrGateway"), t("csv.created"), t("csv.completed"), t("csv.completedVolume"), t("csv.feesCollected")], locale);
  for (const block of report.currencies) {
    // Major-unit amounts with the currency's decimals ("10.50" EUR): the figures are exact to them.
    const money = (amount: number) => amount.toFixed(minorUnits(block.currency));
    for (const day of block.byDay) yield csvRow([t("csv.day"), block.currency, day.date, String(day.created), String(day.completed), money(day.completedVolume), ""], locale);
    for (const g of block.byGateway) {
      yield csvRow([t("csv.gateway"), block.currency, gatewayLabel(labels, g.gatewayName), String(g.count), String(g.completed), money(g.completedVolume), money(g.feesCollected)], locale);
    }
  }
}
