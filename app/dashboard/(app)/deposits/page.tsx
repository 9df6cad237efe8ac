import { formatPhone } from "@/lib/core/domain/phone-display";
import { cardColumns } from "@/lib/surfaces/dashboard/card-columns";
import { getLocale, getTranslations } from "next-intl/server";
import { gatewayLabel } from "@/lib/core/i18n/code-labels";
import { formatTime } from "@/components/dashboard/format";
import { ListFiltersForm, ListPager } from "@/components/dashboard/list-filters-form";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { listMerchantDeposits } from "@/lib/surfaces/dashboard/deposits-queries";
import { DEPOSIT_STATUSES } from "@/lib/features/deposits/list-deposits";
import { parseListFilters } from "@/lib/core/domain/list-filters";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";
import { formatMinor } from "@/lib/core/domain/money";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("deposits");

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function DepositsPage({ searchParams }: Props) {
  const { member, scope } = await requirePageMember("/dashboard/deposits");
  const [t, labels, locale] = await Promise.all([getTranslations("dashboard"), getTranslations("labels"), getLocale()]);
  const filters = parseListFilters(await searchParams, DEPOSIT_STATUSES);
  const page = await listMerchantDeposits(scope, filters);
  const action = dashboardPath(scope.environment, "/deposits");
  return (
    <>
      <h1>{t("deposits.heading")}</h1>
      <ListFiltersForm
        action={action}
        filters={filters}
        statuses={DEPOSIT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        labels={{
          filters: t("list.filters"), status: t("list.status"), anyStatus: t("list.anyStatus"), from: t("list.from"), to: t("list.to"),
          minAmount: t("list.minAmount"), maxAmount: t("list.maxAmount"), search: t("list.search"), searchHint: t("deposits.searchHint"),
          apply: t("list.apply"), reset: t("list.reset"),
        }}
      />
      {page.items.length === 0 ? (
        <p>{t("list.empty")}</p>
      ) : (
        <div className="dash-table-wrap" tabIndex={0}>
          <table className="dash-table dash-cards" style={cardColumns([t("list.reference"), t("list.amount"), t("list.status"), t("link.gateway"), t("list.customer"), t("list.created")])}>
            <caption>{t("deposits.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("list.reference")}</th>
                <th scope="col" className="num">{t("list.amount")}</th>
                <th scope="col">{t("list.status")}</th>
                <th scope="col">{t("link.gateway")}</th>
                <th scope="col">{t("list.customer")}</th>
                <th scope="col">{t("list.created")}</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((d) => (
                <tr key={d.id}>
                  <td>
                    <a href={dashboardPath(scope.environment, `/deposits/${d.reference}`)}>{d.validatedReference ?? d.reference}</a>
                    {d.paymentLink ? (
                      <>
                        {" "}
                        (<a href={dashboardPath(scope.environment, `/links/${d.paymentLink.reference}`)}>{t("deposits.forLink")}</a>)
                      </>
                    ) : null}
                  </td>
                  <td className="num">{formatMinor(d.amountMinor, d.currency, locale)}</td>
                  <td>
                    <span className={`badge badge-${d.status}`}>{t(`status.${d.status}`)}</span>
                  </td>
                  <td>{gatewayLabel(labels, d.gatewayName)}</td>
                  <td>{d.customerName ?? formatPhone(d.customerPhone)}</td>
                  <td>{formatTime(d.createdAt, locale, member.timeZone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ListPager action={action} filters={filters} nextCursor={page.nextCursor} labels={{ first: t("list.first"), next: t("list.next") }} />
    </>
  );
}
