import { formatPhone } from "@/lib/core/domain/phone-display";
import { cardColumns } from "@/lib/surfaces/dashboard/card-columns";
import type { getBalancePage } from "@/lib/surfaces/dashboard/balance-queries";
import type { Translator } from "./translator";
import { failureReasonLabel } from "@/lib/core/i18n/code-labels";
import { formatMinor } from "@/lib/core/domain/money";
import { moneyOutStatus } from "@/lib/core/domain/transfer-review";
import { formatTime } from "./format";
import { RefreshWhilePending } from "./refresh-while-pending";

type Props = { transfers: Awaited<ReturnType<typeof getBalancePage>>["withdrawals"]; pageHref: string; t: Translator; labels: Translator; locale: string; timeZone: string };

/** The balance page's withdrawals: their table, refreshed while one is still on its way. */
export function BalanceTransfers({ transfers, pageHref, t, labels, locale, timeZone }: Props) {
  return (
    <>
      <h2 id="balance-withdrawals">{t("balance.withdrawals")}</h2>
      <RefreshWhilePending pending={transfers.items.some((w) => w.status === "pending")} labels={{ live: t("balance.live"), refresh: t("balance.refresh") }} href={`${pageHref}#balance-withdrawals`} />
      {transfers.items.length === 0 ? (
        <p>{t("list.empty")}</p>
      ) : (
        <div className="dash-table-wrap" tabIndex={0}>
          {/* Named by the heading above: a caption would say it twice. */}
          <table className="dash-table dash-cards" aria-labelledby="balance-withdrawals" style={cardColumns([t("list.reference"), t("list.amount"), t("link.fees"), t("list.status"), t("balance.beneficiaryPhone"), t("list.created")])}>
            <thead>
              <tr>
                <th scope="col">{t("list.reference")}</th>
                <th scope="col" className="num">{t("list.amount")}</th>
                <th scope="col" className="num">{t("link.fees")}</th>
                <th scope="col">{t("list.status")}</th>
                <th scope="col">{t("balance.beneficiaryPhone")}</th>
                <th scope="col">{t("list.created")}</th>
              </tr>
            </thead>
            <tbody>
              {transfers.items.map((w) => (
                <tr key={w.id}>
                  <td>{w.reference}</td>
                  <td className="num">{formatMinor(w.amountMinor, w.currency, locale)}</td>
                  <td className="num">{w.status === "failed" ? "—" : formatMinor(w.feesMinor, w.currency, locale)}</td>
                  <td>
                    <span className={`badge badge-${moneyOutStatus(w)}`}>{t(`payoutStatus.${moneyOutStatus(w)}`)}</span>
                    {w.failureReason ? ` ${failureReasonLabel(labels, w.failureReason)}` : null}
                  </td>
                  <td>{formatPhone(w.beneficiaryPhone)}</td>
                  <td>{formatTime(w.createdAt, locale, timeZone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
