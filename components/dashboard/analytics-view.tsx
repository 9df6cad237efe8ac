import { currencyName, formatMajor } from "@/lib/core/domain/money";
import type { Analytics } from "@/lib/core/schemas/analytics";
import { AnalyticsCharts } from "@/components/analytics-charts";
import { DailyTable, FiguresTable, type FigureLabels } from "@/components/analytics-figures";
import { cardColumns } from "@/lib/surfaces/dashboard/card-columns";
import { formatCount, formatPercent } from "@/lib/core/domain/number-format";

/** One currency's block of the dashboard's analytics page: totals, charts, and the figures as tables. */
export function AnalyticsView({ analytics, labels, locale, gatewayName }: { analytics: Analytics; labels: FigureLabels; locale: string; gatewayName?: (name: string) => string }) {
  const money = (amount: number) => formatMajor(amount, analytics.currency, locale);
  const id = `analytics-${analytics.currency}`;
  return (
    <section aria-labelledby={id} className="dash-card">
      <h2 id={id}>{currencyName(analytics.currency)}</h2>
      <dl className="dash-fields">
        <dt>{labels.volume}</dt>
        <dd className="dash-big">{money(analytics.totals.completedVolume)}</dd>
        <dt>{labels.completed}</dt>
        <dd>
          {formatCount(analytics.totals.completed, locale)} / {formatCount(analytics.totals.created, locale)}
        </dd>
        <dt>{labels.conversion}</dt>
        <dd>{formatPercent(analytics.totals.conversion, locale)}</dd>
        <dt>{labels.fees}</dt>
        <dd>{money(analytics.totals.feesCollected)}</dd>
      </dl>
      <AnalyticsCharts analytics={analytics} locale={locale} />
      <DailyTable analytics={analytics} money={money} locale={locale} />
      {/* The column names for the cards a phone shows (the row's name comes first, in its own header cell). */}
      <div className="dash-table-wrap" tabIndex={0} style={cardColumns(["", labels.created, labels.completed, labels.volume, labels.fees, labels.conversion])}>
        <FiguresTable analytics={analytics} labels={labels} money={money} className="dash-table dash-cards" locale={locale} gatewayName={gatewayName} />
      </div>
    </section>
  );
}
