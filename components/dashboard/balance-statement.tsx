import { cardColumns } from "@/lib/surfaces/dashboard/card-columns";
import type { getBalancePage } from "@/lib/surfaces/dashboard/balance-queries";
import type { Translator } from "./translator";
import { ledgerKindLabel } from "@/lib/core/i18n/code-labels";
import type { Environment } from "@/lib/core/domain/environment";
import type { ListFilters } from "@/lib/core/domain/list-filters";
import { currencyName, formatMinor } from "@/lib/core/domain/money";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { formatTime } from "./format";
import { ListPager } from "./list-filters-form";

type BalancePage = Awaited<ReturnType<typeof getBalancePage>>;

// The balance page's statement, in three parts: the period it covers, what happened to the money
// in plain words (one summary per currency), and the ledger's own entries behind a toggle.

/** The statement's period (from, to) and its CSV download for the same period. */
export function StatementPeriodForm({ environment, filters, pageHref, t }: { environment: Environment; filters: ListFilters; pageHref: string; t: Translator }) {
  const csvQuery = new URLSearchParams(Object.entries({ from: filters.from, to: filters.to }).filter((e): e is [string, string] => Boolean(e[1])));
  return (
    <>
      <h2 id="balance-statement">{t("balance.statement")}</h2>
      <form method="get" action={pageHref} className="dash-filters" aria-label={t("list.filters")}>
        <label>
          {t("list.from")}
          <input type="date" name="from" defaultValue={filters.from ?? ""} />
        </label>
        <label>
          {t("list.to")}
          <input type="date" name="to" defaultValue={filters.to ?? ""} />
        </label>
        <div className="dash-filter-buttons">
          <button type="submit" className="dash-button dash-button-primary">
            {t("list.apply")}
          </button>
          <a className="dash-button" href={`${dashboardPath(environment, "/balance/statement.csv")}${csvQuery.size ? `?${csvQuery}` : ""}`} download>
            {t("balance.csv")}
          </a>
        </div>
      </form>
    </>
  );
}

/** Per currency: money in, refunds, withdrawals, fees and what is left, for the period or overall. */
export function StatementSummaries({ summaries, filters, t, locale }: { summaries: BalancePage["summaries"]; filters: ListFilters; t: Translator; locale: string }) {
  if (summaries.length === 0) return <p>{t("list.empty")}</p>;
  const period = Boolean(filters.from || filters.to);
  return summaries.map((m) => {
    const money = (minor: bigint) => formatMinor(minor, m.currency, locale);
    const lines: [string, bigint][] = [
      [t("balance.moneyIn"), m.moneyInMinor],
      [t("balance.refunds"), m.refundsMinor],
      [t("balance.payouts"), m.payoutsMinor],
      [t("balance.fees"), m.feesMinor],
      ...(m.otherMinor !== 0n ? ([[t("balance.other"), m.otherMinor]] as [string, bigint][]) : []),
    ];
    return (
      <section key={m.currency} className="dash-card" aria-label={`${t("balance.summary")} ${currencyName(m.currency)}`} data-testid="balance-summary">
        <p className="dash-hint">{period ? t("balance.summaryPeriod") : t("balance.summary")}</p>
        <dl className="dash-summary">
          {lines.map(([label, minor]) => (
            <div key={label} className="dash-summary-line">
              <dt>{label}</dt>
              <dd className="num">{money(minor)}</dd>
            </div>
          ))}
          <div className="dash-summary-line dash-summary-total">
            <dt>{period ? t("balance.totalPeriod") : t("balance.total")}</dt>
            <dd className="num">{money(m.balanceMinor)}</dd>
          </div>
        </dl>
        {m.onTheWayMinor !== 0n ? <p className="dash-hint">{t("balance.onTheWay", { amount: money(m.onTheWayMinor) })}</p> : null}
      </section>
    );
  });
}

/** The ledger's own entries, for an accountant: behind a toggle, the summaries say it in plain words. */
type LedgerProps = { statement: BalancePage["statement"]; filters: ListFilters; pageHref: string; t: Translator; labels: Translator; locale: string; timeZone: string };

export function StatementLedger({ statement, filters, pageHref, t, labels, locale, timeZone }: LedgerProps) {
  return (
    <details className="dash-ledger" data-testid="balance-ledger">
      <summary>{t("balance.ledger")}</summary>
      {statement.items.length === 0 ? (
        <p>{t("list.empty")}</p>
      ) : (
        <div className="dash-table-wrap" tabIndex={0}>
          <table className="dash-table dash-cards" aria-labelledby="balance-statement" style={cardColumns([t("list.created"), t("list.reference"), t("balance.kind"), t("balance.account"), t("list.amount")])}>
            <thead>
              <tr>
                <th scope="col">{t("list.created")}</th>
                <th scope="col">{t("list.reference")}</th>
                <th scope="col">{t("balance.kind")}</th>
                <th scope="col">{t("balance.account")}</th>
                <th scope="col" className="num">{t("list.amount")}</th>
              </tr>
            </thead>
            <tbody>
              {statement.items.map((e) => (
                <tr key={e.id}>
                  <td>{formatTime(e.createdAt, locale, timeZone)}</td>
                  <td>{e.reference}</td>
                  <td>{ledgerKindLabel(labels, e.kind)}</td>
                  <td>{e.account === "merchant_available" ? t("balance.available") : t("balance.pending")}</td>
                  <td className="num">{formatMinor(e.amountMinor, e.currency, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ListPager action={pageHref} filters={filters} nextCursor={statement.nextCursor} labels={{ first: t("list.first"), next: t("list.next") }} />
    </details>
  );
}
