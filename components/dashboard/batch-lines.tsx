import { formatPhone } from "@/lib/core/domain/phone-display";
import { formatMinor } from "@/lib/core/domain/money";
import { BATCH_LINE_STATUSES } from "@/lib/core/schemas/transfer-batch";
import type { BatchPage } from "@/lib/surfaces/dashboard/batches-queries";
import { cardColumns } from "@/lib/surfaces/dashboard/card-columns";
import { failureReasonLabel } from "@/lib/core/i18n/code-labels";
import { formatTime } from "./format";
import type { Translator } from "./translator";

type Props = { page: BatchPage; tb: Translator; labels: Translator; locale: string; timeZone: string; nextHref: string | null };

/** A batch's lines by status (count and money), then the lines themselves, one card each on a phone. */
export function BatchLines({ page, tb, labels, locale, timeZone, nextHref }: Props) {
  const { batch, summary, lines } = page;
  const money = (minor: bigint) => formatMinor(minor, batch.currency, locale);
  const columns = [tb("line"), tb("list.reference"), tb("list.status"), tb("beneficiary"), tb("gateway"), tb("amount"), tb("fees"), tb("batch.completed")];
  return (
    <>
      <h2 id="batch-counts">{tb("batch.counts")}</h2>
      <ul className="dash-timeline dash-card" aria-labelledby="batch-counts" data-testid="batch-counts">
        {BATCH_LINE_STATUSES.filter((status) => summary.counts[status] > 0).map((status) => (
          <li key={status} data-status={status}>
            <span className={`badge badge-${status}`}>{tb(`lineStatus.${status}`)}</span> {summary.counts[status]} · {money(summary.totals[status].amountMinor)}
          </li>
        ))}
      </ul>
      <h2 id="batch-lines">{tb("batch.linesHeading")}</h2>
      <div className="dash-table-wrap" tabIndex={0} role="region" aria-labelledby="batch-lines">
        <table className="dash-table dash-cards" style={cardColumns(columns)} aria-labelledby="batch-lines" data-testid="batch-lines">
          <thead>
            <tr>
              {columns.map((column, index) => (
                <th key={column} scope="col" className={index === 5 || index === 6 ? "num" : undefined}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.lines.map((line) => (
              <tr key={line.id} data-line={line.lineNumber} data-status={line.status}>
                <td>{line.lineNumber}</td>
                <td>{line.reference}</td>
                <td>
                  <span className={`badge badge-${line.status}`}>{tb(`lineStatus.${line.status}`)}</span>
                  {line.failureReason ? ` ${failureReasonLabel(labels, line.failureReason)}` : null}
                </td>
                <td>{[formatPhone(line.beneficiaryPhone), line.beneficiaryName].filter(Boolean).join(" · ")}</td>
                <td>{line.gatewayName}</td>
                <td className="num">{formatMinor(line.amountMinor, line.currency, locale)}</td>
                <td className="num">{formatMinor(line.feesMinor, line.currency, locale)}</td>
                <td>{formatTime(line.completedAt ?? line.failedAt, locale, timeZone)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {nextHref ? (
        <p className="dash-pager">
          <a href={nextHref}>{tb("batch.morePages")}</a>
        </p>
      ) : null}
    </>
  );
}
