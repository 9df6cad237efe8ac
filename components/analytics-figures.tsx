import { getTranslations } from "next-intl/server";
import { currencyName } from "@/lib/core/domain/money";
import { formatPercent } from "@/lib/core/domain/number-format";
import type { Analytics } from "@/lib/core/schemas/analytics";

// The analytics figures as tables, beside the charts (components/analytics-charts.tsx) in the
// support view and the merchant dashboard: what a screen reader reads instead of the drawings.

export type FigureLabels = Record<"created" | "completed" | "volume" | "fees" | "conversion" | "links" | "deposits" | "gateway", string>;

/** The charts' days, one row each: hidden from sight (the charts show them), read by screen readers. */
export async function DailyTable({ analytics, money, locale = "en" }: { analytics: Analytics; money: (amount: number) => string; locale?: string }) {
  const t = await getTranslations("analytics");
  const percent = (ratio: number | null) => formatPercent(ratio, locale);
  // Hidden by a box around it: a table is never narrower than its content, so a table of its own
  // with the hiding class stayed a few hundred pixels wide and made a phone's page scroll sideways.
  return (
    <div className="visually-hidden">
      <table>
        <caption>{t("dailyTable", { currency: currencyName(analytics.currency) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("day")}</th>
            <th scope="col">{t("created")}</th>
            <th scope="col">{t("completed")}</th>
            <th scope="col">{t("conversion")}</th>
            <th scope="col">{t("volume")}</th>
          </tr>
        </thead>
        <tbody>
          {analytics.byDay.map((d) => (
            <tr key={d.date}>
              <th scope="row">{d.date}</th>
              <td>{d.created}</td>
              <td>{d.completed}</td>
              <td>{percent(d.created ? d.completed / d.created : null)}</td>
              <td>{money(d.completedVolume)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Links, deposits and each gateway: created, completed, volume, fees, conversion. */
export function FiguresTable({
  analytics,
  labels,
  money,
  className,
  locale = "en",
  gatewayName = (name) => name,
}: {
  analytics: Analytics;
  labels: FigureLabels;
  money: (amount: number) => string;
  className: string;
  locale?: string;
  /** A gateway id for people (lib/core/i18n/code-labels.ts); the id itself by default. */
  gatewayName?: (name: string) => string;
}) {
  const percent = (ratio: number | null) => formatPercent(ratio, locale);
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
              {labels.gateway} {gatewayName(g.gatewayName)}
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
