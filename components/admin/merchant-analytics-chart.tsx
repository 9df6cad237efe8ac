import { formatMajor } from "@/lib/domain/money";
import type { Analytics } from "@/lib/schemas/analytics";
import { DailyBars, FiguresTable } from "@/components/analytics-figures";

// Server-rendered: the figures are computed in SQL for the page request (drawing: components/analytics-figures.tsx).

export type AnalyticsLabels = {
  title: string;
  chartLabel: string;
  created: string;
  completed: string;
  volume: string;
  fees: string;
  conversion: string;
  links: string;
  deposits: string;
  gateway: string;
  empty: string;
};

export function MerchantAnalyticsChart({ analytics, labels, locale }: { analytics: Analytics; labels: AnalyticsLabels; locale: string }) {
  const money = (amount: number) => formatMajor(amount, analytics.currency, locale);
  const days = analytics.byDay;
  return (
    <section aria-labelledby="merchant-analytics">
      <h2 id="merchant-analytics">{labels.title}</h2>
      {days.length === 0 ? (
        <p>{labels.empty}</p>
      ) : (
        <DailyBars analytics={analytics} labels={labels} money={money} ariaLabel={labels.chartLabel} className="admin-chart" />
      )}
      <FiguresTable analytics={analytics} labels={labels} money={money} className="admin-table" />
    </section>
  );
}
