import { formatPhone } from "@/lib/core/domain/phone-display";
import { cardColumns } from "@/lib/surfaces/dashboard/card-columns";
import { getLocale, getTranslations } from "next-intl/server";
import { formatTime } from "@/components/dashboard/format";
import { ListFiltersForm, ListPager } from "@/components/dashboard/list-filters-form";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { parseListFilters } from "@/lib/core/domain/list-filters";
import { LINK_STATUSES } from "@/lib/features/links/list-payment-links";
import { listMerchantLinks } from "@/lib/surfaces/dashboard/links-queries";
import { can } from "@/lib/features/auth/member-permissions";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";
import { formatMinor } from "@/lib/core/domain/money";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("links");

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PaymentLinksPage({ searchParams }: Props) {
  const { member, scope } = await requirePageMember("/dashboard/links");
  const [t, locale] = await Promise.all([getTranslations("dashboard"), getLocale()]);
  const filters = parseListFilters(await searchParams, LINK_STATUSES);
  const page = await listMerchantLinks(scope, filters);
  const action = dashboardPath(scope.environment, "/links");
  return (
    <>
      <h1>{t("links.heading")}</h1>
      {can(member.role, "links:create") ? (
        <p className="dash-actions">
          <a className="dash-button dash-button-primary" href={dashboardPath(scope.environment, "/links/new")}>
            {t("links.new")}
          </a>
        </p>
      ) : null}
      <ListFiltersForm
        action={action}
        filters={filters}
        statuses={LINK_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        labels={{
          filters: t("list.filters"), status: t("list.status"), anyStatus: t("list.anyStatus"), from: t("list.from"), to: t("list.to"),
          minAmount: t("list.minAmount"), maxAmount: t("list.maxAmount"), search: t("list.search"), searchHint: t("list.searchHint"),
          apply: t("list.apply"), reset: t("list.reset"),
        }}
      />
      {page.items.length === 0 ? (
        <p>{t("list.empty")}</p>
      ) : (
        <div className="dash-table-wrap" tabIndex={0}>
          <table className="dash-table dash-cards" style={cardColumns([t("list.reference"), t("list.description"), t("list.amount"), t("list.status"), t("list.customer"), t("list.created")])}>
            <caption>{t("links.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("list.reference")}</th>
                <th scope="col">{t("list.description")}</th>
                <th scope="col" className="num">{t("list.amount")}</th>
                <th scope="col">{t("list.status")}</th>
                <th scope="col">{t("list.customer")}</th>
                <th scope="col">{t("list.created")}</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((link) => (
                <tr key={link.id}>
                  <td>
                    <a href={dashboardPath(scope.environment, `/links/${link.reference}`)}>{link.reference}</a>
                  </td>
                  <td>{link.description}</td>
                  <td className="num">{formatMinor(link.amountMinor, link.currency, locale)}</td>
                  <td>
                    <span className={`badge badge-${link.status}`}>{t(`status.${link.status}`)}</span>
                  </td>
                  <td>{link.customerName ?? link.customerEmail ?? formatPhone(link.customerPhone) ?? ""}</td>
                  <td>{formatTime(link.createdAt, locale, member.timeZone)}</td>
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
