import { cardColumns } from "@/lib/surfaces/dashboard/card-columns";
import { getLocale, getTranslations } from "next-intl/server";
import { TransferForm } from "@/components/dashboard/transfer-form";
import { RefreshWhilePending } from "@/components/dashboard/refresh-while-pending";
import { TransferPreview } from "@/components/dashboard/transfer-preview";
import { failureReasonLabel, gatewayLabel, ledgerKindLabel } from "@/components/labels";
import { formatTime } from "@/components/dashboard/format";
import { ListPager } from "@/components/dashboard/list-filters-form";
import { can } from "@/lib/features/auth/member-permissions";
import { getBalancePage } from "@/lib/surfaces/dashboard/balance-queries";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { parseListFilters } from "@/lib/core/domain/list-filters";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";
import { formatMinor } from "@/lib/core/domain/money";
import { feeSchedule } from "@/lib/integrations/gateways/gateway-rules";
import { requestTransferAction } from "./actions";
import { moneyOutStatus } from "@/lib/core/domain/transfer-review";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("balance");

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function BalancePage({ searchParams }: Props) {
  const { member, scope } = await requirePageMember("/dashboard/balance");
  const [t, labels, locale] = await Promise.all([getTranslations("dashboard"), getTranslations("labels"), getLocale()]);
  const filters = parseListFilters(await searchParams, []);
  const { balances, statement, withdrawals, gateways, summaries } = await getBalancePage(scope, filters);
  const action = dashboardPath(scope.environment, "/balance");
  const csvQuery = new URLSearchParams(Object.entries({ from: filters.from, to: filters.to }).filter((e): e is [string, string] => Boolean(e[1])));
  const countries = [...new Set(gateways.flatMap((g) => g.allowedCountries))].sort();
  const currencies = [...new Set(gateways.flatMap((g) => g.allowedCurrencies))].sort();
  const region = new Intl.DisplayNames([locale], { type: "region" });
  const schedules = Object.fromEntries(gateways.map((g) => [g.name, feeSchedule(g)]));
  // The form's first values; the "withdraw the most" link sets them through the address.
  const query = await searchParams;
  const asked = (name: string, allowed: string[]) => {
    const value = typeof query[name] === "string" ? (query[name] as string) : "";
    return allowed.includes(value) ? value : undefined;
  };
  const defaults = {
    currency: asked("currency", currencies) ?? (currencies.includes("XOF") ? "XOF" : currencies[0]),
    gatewayName: asked("gatewayName", gateways.map((g) => g.name)) ?? gateways[0]?.name ?? "",
    country: asked("country", countries) ?? (countries.includes("CI") ? "CI" : countries[0]),
    amount: typeof query.amount === "string" && /^\d{1,12}(\.\d{1,3})?$/.test(query.amount) ? query.amount : "",
  };
  return (
    <>
      <h1>{t("balance.heading")}</h1>
      {balances.length === 0 ? <p>{t("balance.none")}</p> : null}
      <div className="dash-balances">
        {balances.map((b) => (
          <section key={b.currency} className="dash-card" aria-label={b.currency}>
            <dl className="dash-fields">
              <dt>{t("balance.available")}</dt>
              <dd className="dash-big">{formatMinor(b.availableMinor, b.currency, locale)}</dd>
              <dt>{t("balance.pending")}</dt>
              <dd>{formatMinor(b.pendingMinor, b.currency, locale)}</dd>
            </dl>
          </section>
        ))}
      </div>

      <h2 id="withdraw">{t("balance.withdraw")}</h2>
      {can(member.role, "transfers:request") ? (
        <section className="dash-card" aria-label={t("balance.withdraw")}>
          <TransferForm
            action={requestTransferAction}
            labels={{
              review: t("balance.review"),
              confirm: t("balance.confirm"),
              change: t("balance.change"),
              sending: t("balance.sending"),
              amount: t("balance.amount"),
              currency: t("newLink.currency"),
              gateway: t("balance.gateway"),
              country: t("balance.country"),
              beneficiaryPhone: t("balance.beneficiaryPhone"),
              beneficiaryName: t("balance.beneficiaryName"),
            }}
            options={{
              currencies,
              gateways: gateways.map((g) => ({ name: g.name, label: gatewayLabel(labels, g.name) })),
              countries: countries.map((c) => ({ code: c, label: region.of(c) ?? c })),
            }}
            defaults={defaults}
            preview={
              <TransferPreview
                schedules={schedules}
                gatewayLabels={Object.fromEntries(gateways.map((g) => [g.name, gatewayLabel(labels, g.name)]))}
                available={Object.fromEntries(balances.map((b) => [b.currency, b.availableMinor.toString()]))}
                locale={locale}
                initial={{ gatewayName: defaults.gatewayName, currency: defaults.currency, country: defaults.country }}
                pageHref={action}
                templates={{ fee: labels.raw("payout.fee"), receives: labels.raw("payout.receives"), debited: labels.raw("payout.debited"), max: t.raw("balance.max"), fillMax: t("balance.fillMax") }}
              />
            }
          />
        </section>
      ) : (
        <p>{t("forbidden")}</p>
      )}

      <h2 id="balance-withdrawals">{t("balance.withdrawals")}</h2>
      <RefreshWhilePending pending={withdrawals.items.some((w) => w.status === "pending")} labels={{ live: t("balance.live"), refresh: t("balance.refresh") }} href={`${action}#balance-withdrawals`} />
      {withdrawals.items.length === 0 ? (
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
              {withdrawals.items.map((w) => (
                <tr key={w.id}>
                  <td>{w.reference}</td>
                  <td className="num">{formatMinor(w.amountMinor, w.currency, locale)}</td>
                  <td className="num">{w.status === "failed" ? "—" : formatMinor(w.feesMinor, w.currency, locale)}</td>
                  <td>
                    <span className={`badge badge-${moneyOutStatus(w)}`}>{t(`payoutStatus.${moneyOutStatus(w)}`)}</span>
                    {w.failureReason ? ` ${failureReasonLabel(labels, w.failureReason)}` : null}
                  </td>
                  <td>{w.beneficiaryPhone}</td>
                  <td>{formatTime(w.createdAt, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2 id="balance-statement">{t("balance.statement")}</h2>
      <form method="get" action={action} className="dash-filters" aria-label={t("list.filters")}>
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
          <a className="dash-button" href={`${dashboardPath(scope.environment, "/balance/statement.csv")}${csvQuery.size ? `?${csvQuery}` : ""}`} download>
            {t("balance.csv")}
          </a>
        </div>
      </form>
      {summaries.length === 0 ? (
        <p>{t("list.empty")}</p>
      ) : (
        summaries.map((m) => {
          const money = (minor: bigint) => formatMinor(minor, m.currency, locale);
          const lines: [string, bigint][] = [
            [t("balance.moneyIn"), m.moneyInMinor],
            [t("balance.refunds"), m.refundsMinor],
            [t("balance.payouts"), m.payoutsMinor],
            [t("balance.fees"), m.feesMinor],
            ...(m.otherMinor !== 0n ? ([[t("balance.other"), m.otherMinor]] as [string, bigint][]) : []),
          ];
          return (
            <section key={m.currency} className="dash-card" aria-label={`${t("balance.summary")} ${m.currency}`} data-testid="balance-summary">
              <p className="dash-hint">{filters.from || filters.to ? t("balance.summaryPeriod") : t("balance.summary")}</p>
              <dl className="dash-summary">
                {lines.map(([label, minor]) => (
                  <div key={label} className="dash-summary-line">
                    <dt>{label}</dt>
                    <dd className="num">{money(minor)}</dd>
                  </div>
                ))}
                <div className="dash-summary-line dash-summary-total">
                  <dt>{filters.from || filters.to ? t("balance.totalPeriod") : t("balance.total")}</dt>
                  <dd className="num">{money(m.balanceMinor)}</dd>
                </div>
              </dl>
              {m.onTheWayMinor !== 0n ? <p className="dash-hint">{t("balance.onTheWay", { amount: money(m.onTheWayMinor) })}</p> : null}
            </section>
          );
        })
      )}
      {/* The ledger's own entries, for an accountant: behind a toggle, the summary above says it in plain words. */}
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
                  <td>{formatTime(e.createdAt, locale)}</td>
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
      <ListPager action={action} filters={filters} nextCursor={statement.nextCursor} labels={{ first: t("list.first"), next: t("list.next") }} />
      </details>
    </>
  );
}
