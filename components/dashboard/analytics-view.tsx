import { formatMajor } from "@/lib/domain/money";
import type { Analytics } from "@/lib/schemas/analytics";

// Drawn on the server as plain SVG from the analytics API's own figures: the page ships no chart
// library, which matters on a cheap phone on a slow network.

export type AnalyticsViewLabels = Record<
  "chartLabel" | "created" | "completed" | "volume" | "fees" | "conversion" | "links" | "deposits" | "gateway" | "total" | "legendCreated" | "legendCompleted",
  string
>;

const WIDTH = 640;
const HEIGHT = 160;
const percent = (value: number | null) => (value === null ? "–" : `${(value * 100).toFixed(1)} %`);

export function AnalyticsView({ analytics, labels, locale }: { analytics: Analytics; labels: AnalyticsViewLabels; locale: string }) {
  const money = (amount: number) => formatMajor(amount, analytics.currency, locale);
  const days = analytics.byDay;
  const max = Math.max(1, ...days.map((d) => d.created));
  const slot = days.length ? WIDTH / days.length : WIDTH;
  const bar = Math.max(1, slot * 0.8);
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
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" height={HEIGHT} role="img" aria-label={`${labels.chartLabel} (${analytics.currency})`} preserveAspectRatio="none">
            {days.map((d, i) => {
              const created = (d.created / max) * (HEIGHT - 10);
              const completed = (d.completed / max) * (HEIGHT - 10);
              const x = i * slot + (slot - bar) / 2;
              return (
                <g key={d.date}>
                  <title>{`${d.date}: ${labels.created} ${d.created}, ${labels.completed} ${d.completed}, ${labels.volume} ${money(d.completedVolume)}`}</title>
                  <rect x={x} y={HEIGHT - created} width={bar} height={created} fill="#c7d2fe" />
                  <rect x={x} y={HEIGHT - completed} width={bar} height={completed} fill="#3730a3" />
                </g>
              );
            })}
          </svg>
          <p className="dash-legend">
            <span className="dash-swatch dash-swatch-created" aria-hidden="true" /> {labels.legendCreated} <span className="dash-swatch dash-swatch-completed" aria-hidden="true" />{" "}
            {labels.legendCompleted}
          </p>
        </>
      ) : null}
      <div className="dash-table-wrap" tabIndex={0}>
        <table className="dash-table">
          <thead>
            <tr>
              <td></td>
              <th scope="col" className="num">{labels.created}</th>
              <th scope="col" className="num">{labels.completed}</th>
              <th scope="col" className="num">{labels.volume}</th>
              <th scope="col" className="num">{labels.fees}</th>
              <th scope="col" className="num">{labels.conversion}</th>
            </tr>
          </thead>
          <tbody>
            {([
              [labels.links, analytics.links],
              [labels.deposits, analytics.deposits],
            ] as const).map(([name, k]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td className="num">{k.created}</td>
                <td className="num">{k.byStatus.completed?.count ?? 0}</td>
                <td className="num">{money(k.completedVolume)}</td>
                <td className="num">{money(k.feesCollected)}</td>
                <td className="num">{percent(k.conversion)}</td>
              </tr>
            ))}
            {analytics.byGateway.map((g) => (
              <tr key={g.gatewayName}>
                <th scope="row">
                  {labels.gateway} {g.gatewayName}
                </th>
                <td className="num">{g.count}</td>
                <td className="num">{g.completed}</td>
                <td className="num">{money(g.completedVolume)}</td>
                <td className="num">{money(g.feesCollected)}</td>
                <td className="num">{percent(g.count ? g.completed / g.count : null)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
