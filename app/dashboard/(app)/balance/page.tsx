import { cardColumns } from "@/lib/features/dashboard/card-columns";
import { getLocale, getTranslations } from "next-intl/server";
import { ActionForm, FieldError } from "@/components/dashboard/action-form";
import { PayoutPreview } from "@/components/dashboard/payout-preview";
import { failureReasonLabel, gatewayLabel, ledgerKindLabel } from "@/components/labels";
import { formatTime } from "@/components/dashboard/format";
import { ListPager } from "@/components/dashboard/list-filters-form";
import { can } from "@/lib/features/auth/member-permissions";
import { getBalancePage } from "@/lib/features/dashboard/balance-queries";
import { dashboardPath } from "@/lib/features/dashboard/dashboard-paths";
import { parseListFilters } from "@/lib/features/dashboard/list-filters";
import { requirePageMember } from "@/lib/features/dashboard/require-member";
import { formatMinor } from "@/lib/core/domain/money";
import { feeSchedule } from "@/lib/integrations/gateways/gateway-rules";
import { requestWithdrawalAction } from "./actions";
import { moneyOutStatus } from "@/lib/core/domain/transfer-review";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("balance");

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function BalancePage({ searchParams }: Props) {
  const { member, scope } = await requirePageMember("/dashboard/balance");
  const [t, labels, locale] = await Promise.all([getTranslations("dashboard"), getTranslations("labels"), getLocale()]);
  const filters = parseListFilters(await searchParams, []);
  const { balances, statement, withdrawals, gateways } = await getBalancePage(scope, filters);
  const action = dashboardPath(scope.environment, "/balance");
  const csvQuery = new URLSearchParams(Object.entries({ from: filters.from, to: filters.to }).filter((e): e is [string, string] => Boolean(e[1])));
  const countries = [...new Set(gateways.flatMap((g) => g.allowedCountries))].sort();
  const currencies = [...new Set(gateways.flatMap((g) => g.allowedCurrencies))].sort();
  const region = new Intl.DisplayNames([locale], { type: "region" });
  const schedules = Object.fromEntries(gateways.map((g) => [g.name, feeSchedule(g)]));
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

      <h2>{t("balance.withdraw")}</h2>
      {can(member.role, "payouts:request") ? (
        <section className="dash-card" aria-label={t("balance.withdraw")}>
          <ActionForm action={requestWithdrawalAction} submitLabel={t("balance.submit")}>
            <label>
              {t("balance.amount")}
              <input name="amount" inputMode="decimal" required autoComplete="off" />
            </label>
            <FieldError name="amount" />
            <label>
              {t("newLink.currency")}
              <select name="currency" defaultValue={currencies.includes("XOF") ? "XOF" : currencies[0]}>
                {currencies.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </label>
            <FieldError name="currency" />
            <label>
              {t("balance.gateway")}
              <select name="gatewayName">
                {gateways.map((g) => (
                  <option key={g.name} value={g.name}>
                    {gatewayLabel(labels, g.name)}
                  </option>
                ))}
              </select>
            </label>
            <FieldError name="gatewayName" />
            <label>
              {t("balance.country")}
              <select name="country" defaultValue={countries.includes("CI") ? "CI" : countries[0]}>
                {countries.map((c) => (
                  <option key={c} value={c}>
                    {region.of(c) ?? c}
                  </option>
                ))}
              </select>
            </label>
            <FieldError name="country" />
            <label>
              {t("balance.beneficiaryPhone")}
              <input name="beneficiaryPhone" type="tel" required autoComplete="off" />
            </label>
            <FieldError name="beneficiaryPhone" />
            <label>
              {t("balance.beneficiaryName")}
              <input name="beneficiaryName" autoComplete="off" />
            </label>
            <FieldError name="beneficiaryName" />
            <PayoutPreview
              schedules={schedules}
              locale={locale}
              templates={{ fee: labels.raw("payout.fee"), receives: labels.raw("payout.receives"), debited: labels.raw("payout.debited") }}
            />
          </ActionForm>
        </section>
      ) : (
        <p>{t("forbidden")}</p>
      )}

      <h2 id="balance-withdrawals">{t("balance.withdrawals")}</h2>
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
                    <span className={`badge badge-${moneyOutStatus(w)}`}>{t(`status.${moneyOutStatus(w)}`)}</span>
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
    </>
  );
}
