import { formatMajor } from "@/lib/domain/money";
import type { Analytics } from "@/lib/schemas/analytics";
import { DailyBars, FiguresTable, percent } from "@/components/analytics-figures";

export type AnalyticsViewLabels = Record<
  "chartLabel" | "created" | "completed" | "volume" | "fees" | "conversion" | "links" | "deposits" | "gateway" | "total" | "legendCreated" | "legendCompleted",
  string
>;


export function AnalyticsView({ analytics, labels, locale }: { analytics: Analytics; labels: AnalyticsViewLabels; locale: string }) {
  const money = (amount: number) => formatMajor(amount, analytics.currency, locale);
  const days = analytics.byDay;
  const id = `analytics-${analytics.currency}`;
  return (
    <section aria-labelledby={id} className="dash-card">
      <h2 id={id}>{analytics.currency}</h2>
      <dl className="dash-fields">
        <dt>{labels.volume}</dt>
        <dd className="dash-big">{money(analytics.totals.completedVolume)}</dd>
        <dt>{labels.completed}</dt>
        <dd>
          {analytics.totals.completed} / {analytics.totals.created}
        </dd>
        <dt>{labels.conversion}</dt>
        <dd>{percent(analytics.totals.conversion)}</dd>
        <dt>{labels.fees}</dt>
        <dd>{money(analytics.totals.feesCollected)}</dd>
      </dl>
      {days.length > 0 ? (
        <>
          <DailyBars analytics={analytics} labels={labels} money={money} ariaLabel={`${labels.chartLabel} (${analytics.currency})`} />
          <p className="dash-legend">
            <span className="dash-swatch dash-swatch-created" aria-hidden="true" /> {labels.legendCreated} <span className="dash-swatch dash-swatch-completed" aria-hidden="true" />{" "}
            {labels.legendCompleted}
          </p>
        </>
      ) : null}
      <div className="dash-table-wrap" tabIndex={0}>
        <FiguresTable analytics={analytics} labels={labels} money={money} className="dash-table" />
      </div>
    </section>
  );
}
