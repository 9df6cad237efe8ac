import { getLocale, getTranslations } from "next-intl/server";
import { AnalyticsView } from "@/components/dashboard/analytics-view";
import { gatewayLabel } from "@/lib/core/i18n/code-labels";
import { formErrorOf } from "@/lib/surfaces/dashboard/form-errors";
import { getAnalyticsReport } from "@/lib/surfaces/dashboard/analytics-queries";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";
import { DomainError } from "@/lib/core/errors/domain-error";
import { apiErrorOf } from "@/lib/surfaces/http/api-error-of";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("analytics");

type Props = { searchParams: Promise<{ from?: string; to?: string }> };

export default async function AnalyticsPage({ searchParams }: Props) {
  const { scope } = await requirePageMember("/dashboard/analytics");
  const [t, gatewayLabels, apiErrors, locale] = await Promise.all([getTranslations("dashboard"), getTranslations("labels"), getTranslations("apiErrors"), getLocale()]);
  const query = await searchParams;
  const report = await getAnalyticsReport(scope, query).catch((error) => (error instanceof DomainError ? error : Promise.reject(error)));
  const csv = new URLSearchParams(Object.entries({ from: query.from, to: query.to }).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""));
  const labels = {
    created: t("analytics.created"), completed: t("analytics.completed"), volume: t("analytics.volume"), fees: t("analytics.fees"),
    conversion: t("analytics.conversion"), links: t("analytics.links"), deposits: t("analytics.deposits"), gateway: t("analytics.gateway"),
  };
  return (
    <>
      <h1>{t("analytics.heading")}</h1>
      <form method="get" action={dashboardPath(scope.environment, "/analytics")} className="dash-filters" aria-label={t("list.filters")}>
        <label>
          {t("list.from")}
          <input type="date" name="from" defaultValue={query.from ?? ""} />
        </label>
        <label>
          {t("list.to")}
          <input type="date" name="to" defaultValue={query.to ?? ""} />
        </label>
        <div className="dash-filter-buttons">
          <button type="submit" className="dash-button dash-button-primary">
            {t("list.apply")}
          </button>
          <a className="dash-button" href={`${dashboardPath(scope.environment, "/analytics/export.csv")}${csv.size ? `?${csv}` : ""}`} download>
            {t("analytics.csv")}
          </a>
        </div>
      </form>
      {report instanceof DomainError ? (
        <p role="alert" className="dash-error">
          {apiErrors(formErrorOf(apiErrorOf(report)!, []).messageKey)}
        </p>
      ) : report.currencies.length === 0 ? (
        <p>{t("analytics.empty")}</p>
      ) : (
        report.currencies.map((block) => <AnalyticsView key={block.currency} analytics={block} labels={labels} locale={locale} gatewayName={(name) => gatewayLabel(gatewayLabels, name)} />)
      )}
    </>
  );
}
