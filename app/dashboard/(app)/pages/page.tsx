import { getLocale, getTranslations } from "next-intl/server";
import { amountRuleText, PageStatusBadge } from "@/components/dashboard/payment-page-words";
import { pageTitle } from "@/components/page-title";
import { formatMinor } from "@/lib/core/domain/money";
import { can } from "@/lib/features/auth/member-permissions";
import { cardColumns } from "@/lib/surfaces/dashboard/card-columns";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { listMerchantPages } from "@/lib/surfaces/dashboard/pages-queries";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";

export const generateMetadata = pageTitle("pages");

// The shop's payment pages (issue 36 part 3): one link or QR code that many customers pay.
export default async function PaymentPagesPage() {
  const { member, scope } = await requirePageMember("/dashboard/pages");
  const [t, locale, pages] = await Promise.all([getTranslations("dashboardPages"), getLocale(), listMerchantPages(scope)]);
  const newPage = can(member.role, "links:create") ? (
    <p className="dash-actions">
      <a className="dash-button dash-button-primary" href={dashboardPath(scope.environment, "/pages/new")}>
        {t("list.new")}
      </a>
    </p>
  ) : null;
  const columns = [t("list.description"), t("list.price"), t("list.status"), t("list.payments"), t("list.collected")];
  return (
    <>
      <h1>{t("list.heading")}</h1>
      {pages.length === 0 ? (
        <div className="dash-card" data-testid="pages-empty">
          <p>{t("list.emptyWhat")}</p>
          <p>{t("list.emptyHow")}</p>
          {newPage}
        </div>
      ) : (
        <>
          {newPage}
          <div className="dash-table-wrap" tabIndex={0}>
            <table className="dash-table dash-cards" style={cardColumns(columns)}>
              <caption>{t("list.caption")}</caption>
              <thead>
                <tr>
                  {columns.map((c, i) => (
                    <th key={c} scope="col" className={i >= 3 ? "num" : undefined}>
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {pages.map(({ page, status, rule, paymentsCount, amountCollectedMinor }) => (
                  <tr key={page.id}>
                    <td>
                      <a href={dashboardPath(scope.environment, `/pages/${page.reference}`)}>{page.description}</a>
                    </td>
                    <td>{amountRuleText(t, page, rule, locale)}</td>
                    <td>
                      <PageStatusBadge t={t} status={status} />
                    </td>
                    <td className="num">{paymentsCount}{page.maxPayments !== null ? ` / ${page.maxPayments}` : ""}</td>
                    <td className="num">{formatMinor(amountCollectedMinor, page.currency, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
