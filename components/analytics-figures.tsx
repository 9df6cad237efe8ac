import type { Analytics } from "@/lib/schemas/analytics";

// The analytics figures both the support view and the merchant dashboard draw, on the server as
// plain SVG and a table: the pages ship no chart library, which matters on a cheap phone on a
// slow network.

export type FigureLabels = Record<"created" | "completed" | "volume" | "fees" | "conversion" | "links" | "deposits" | "gateway", string>;

const WIDTH = 640;
const HEIGHT = 160;

export const percent = (value: number | null) => (value === null ? "–" : `${(value * 100).toFixed(1)} %`);

/** Links and deposits created per day, the completed ones drawn over them. */
export function DailyBars({ analytics, labels, money, ariaLabel, className }: { analytics: Analytics; labels: FigureLabels; money: (amount: number) => string; ariaLabel: string; className?: string }) {
  const days = analytics.byDay;
  const max = Math.max(1, ...days.map((d) => d.created));
  const slot = days.length ? WIDTH / days.length : WIDTH;
  const bar = Math.max(1, slot * 0.8);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" height={HEIGHT} role="img" aria-label={ariaLabel} className={className} preserveAspectRatio="none">
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
  );
}

/** Links, deposits and each gateway: created, completed, volume, fees, conversion. */
export function FiguresTable({ analytics, labels, money, className }: { analytics: Analytics; labels: FigureLabels; money: (amount: number) => string; className: string }) {
  return (
    <table className={className}>
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
  );
}
