import { formatMajor } from "@/lib/core/domain/money";
import type { Analytics } from "@/lib/core/schemas/analytics";
import { AnalyticsCharts } from "@/components/analytics-charts";
import { DailyTable, FiguresTable, type FigureLabels } from "@/components/analytics-figures";

// Server-rendered: the figures are computed in SQL for the page request (drawing: components/analytics-charts.tsx).

export type AnalyticsLabels = FigureLabels & { title: string; empty: string };

export function MerchantAnalyticsChart({ analytics, labels, locale }: { analytics: Analytics; labels: AnalyticsLabels; locale: string }) {
  const money = (amount: number) => formatMajor(amount, analytics.currency, locale);
  return (
    <section aria-labelledby="merchant-analytics">
      <h2 id="merchant-analytics">{labels.title}</h2>
      {analytics.byDay.length === 0 ? <p>{labels.empty}</p> : <AnalyticsCharts analytics={analytics} locale={locale} />}
      <DailyTable analytics={analytics} money={money} />
      <FiguresTable analytics={analytics} labels={labels} money={money} className="support-table" />
    </section>
  );
}
