import { formatMajor } from "@/lib/domain/money";
import type { Analytics } from "@/lib/schemas/analytics";

// Server-rendered: the figures are computed in SQL for the page request and drawn as plain SVG,
// so the support view ships no chart library.

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

const WIDTH = 640;
const HEIGHT = 160;

function percent(value: number | null) {
  return value === null ? "–" : `${(value * 100).toFixed(1)} %`;
}

export function MerchantAnalyticsChart({ analytics, labels, locale }: { analytics: Analytics; labels: AnalyticsLabels; locale: string }) {
  const money = (amount: number) => formatMajor(amount, analytics.currency, locale);
  const days = analytics.byDay;
  const max = Math.max(1, ...days.map((d) => d.created));
  const slot = days.length ? WIDTH / days.length : WIDTH;
  const bar = Math.max(1, slot * 0.8);
  return (
    <section aria-labelledby="merchant-analytics">
      <h2 id="merchant-analytics">{labels.title}</h2>
      {days.length === 0 ? (
        <p>{labels.empty}</p>
      ) : (
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          width="100%"
          height={HEIGHT}
          role="img"
          aria-label={labels.chartLabel}
          className="admin-chart"
          preserveAspectRatio="none"
        >
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
      )}
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col"></th>
            <th scope="col">{labels.created}</th>
            <th scope="col">{labels.completed}</th>
            <th scope="col">{labels.volume}</th>
            <th scope="col">{labels.fees}</th>
            <th scope="col">{labels.conversion}</th>
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
    </section>
  );
}
