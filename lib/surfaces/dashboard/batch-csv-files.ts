import "server-only";
import type { getTranslations } from "next-intl/server";
import type { Db } from "@/lib/core/db/client";
import { DIAL_CODES } from "@/lib/core/domain/dial-codes";
import { isKnownFailureReason } from "@/lib/core/domain/failure-reasons";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { minorText, withdrawalGateways } from "@/lib/features/transfers/balance-and-transfers";
import { csvRow as row, type CsvLocale as Locale } from "./csv-row";
import { getBatchOrThrow } from "@/lib/features/transfers/batches/approve-batch";
import { batchCsvTemplate } from "@/lib/features/transfers/batches/batch-csv";
import { allBatchLines } from "@/lib/features/transfers/batches/read-batch";

// The bulk payout pages' CSV downloads (issue 49): the template to fill, and a batch's result.
// In the member's language, with the separator their spreadsheet expects (";" in French).

type Translator = Awaited<ReturnType<typeof getTranslations>>;

/** The template, with example lines on the merchant's own withdrawal gateways. */
export async function* batchTemplateCsv(db: Db, scope: MerchantScope, locale: Locale): AsyncGenerator<string> {
  const gateways = await withdrawalGateways(db, scope);
  const examples = gateways
    .filter((gateway) => gateway.allowedCountries.length > 0)
    .slice(0, 2)
    .map((gateway) => {
      const country = gateway.allowedCountries[0]!;
      return { gatewayName: gateway.name, country, phone: country === "CI" ? "07 00 00 04 44" : `+${DIAL_CODES[country] ?? ""} 70 00 04 44` };
    });
  yield batchCsvTemplate(locale, examples.length ? examples : [{ gatewayName: "MTN_MOMO_CI", country: "CI", phone: "07 00 00 04 44" }]);
}

const RESULT_COLUMNS = ["line", "reference", "status", "amount", "fees", "currency", "country", "gatewayName", "beneficiaryPhone", "beneficiaryName", "transferReference", "failureReason", "completedAt"] as const;

/** A batch's lines as they stand, statuses in words; 404 (before any line) for a batch not the scope's. */
export async function* batchResultCsv(db: Db, scope: MerchantScope, reference: string, words: { tb: Translator; labels: Translator; locale: Locale }): AsyncGenerator<string> {
  const batch = await getBatchOrThrow(db, scope.merchantId, scope.environment, reference);
  const { tb, labels, locale } = words;
  yield `\uFEFF${row(RESULT_COLUMNS.map((column) => tb(`resultCsv.${column}`)), locale)}`;
  for (const line of await allBatchLines(db, batch)) {
    // Why, in words; an operator's code we have no word for reads "refused by the operator" (lib/core/i18n/code-labels.ts's rule).
    const reason = line.failureReason ? labels(`failureReason.${isKnownFailureReason(line.failureReason) ? line.failureReason : "other"}`) : "";
    yield row(
      [
        String(line.lineNumber),
        line.reference,
        tb(`lineStatus.${line.status}`),
        minorText(line.amountMinor, line.currency),
        minorText(line.feesMinor, line.currency),
        line.currency,
        line.country,
        line.gatewayName,
        line.beneficiaryPhone,
        line.beneficiaryName ?? "",
        line.transferReference ?? "",
        reason,
        line.completedAt?.toISOString() ?? "",
      ],
      locale,
    );
  }
}
