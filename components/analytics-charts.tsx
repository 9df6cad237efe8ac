import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar, LinePath } from "@visx/shape";
import { getTranslations } from "next-intl/server";
import { currencyName } from "@/lib/core/domain/money";
import { amountTicks, dayTicks, formatDay, leftMarginFor } from "@/lib/features/analytics/chart-axes";
import type { Analytics } from "@/lib/core/schemas/analytics";

// The analytics charts of the support view and the merchant dashboard, drawn with visx in a
// server component: the page receives finished SVG and no chart code, which matters on a cheap
// phone on a slow network. Each chart is one image for screen readers (role="img" and its name);
// the figures themselves are in the tables beside it (components/analytics-figures.tsx).

// The drawing's own units: at 360 px the text is close to its nominal size, and the CSS width
// cap keeps it from growing large on a desktop.
const WIDTH = 400;
const HEIGHT = 200;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 56 };
const INNER_WIDTH = WIDTH - MARGIN.left - MARGIN.right;
const INNER_HEIGHT = HEIGHT - MARGIN.top - MARGIN.bottom;
export const CHART_COLOURS = { created: "#a5b4fc", completed: "#3730a3", fees: "#b45309", line: "#047857" };
const TICK_TEXT = { fill: "#374151", fontSize: 11, fontFamily: "inherit" } as const;

type Day = Analytics["byDay"][number];

function Frame({ label, left = MARGIN.left, children }: { label: string; left?: number; children: React.ReactNode }) {
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="analytics-chart" style={{ width: "100%", maxWidth: 560, height: "auto", display: "block" }}>
      <Group left={left} top={MARGIN.top}>
        {children}
      </Group>
    </svg>
  );
}

function Legend({ items }: { items: { colour: string; label: string }[] }) {
  return (
    <p className="analytics-legend" style={{ display: "flex", flexWrap: "wrap", gap: "0.25rem 1rem", margin: "0.25rem 0 1rem", fontSize: "0.8125rem" }}>
      {items.map((item) => (
        <span key={item.label} style={{ display: "inline-flex", alignItems: "center", gap: "0.375rem" }}>
          <span aria-hidden="true" style={{ display: "inline-block", width: "0.875rem", height: "0.875rem", background: item.colour }} />
          {item.label}
        </span>
      ))}
    </p>
  );
}

function DayAxis({ days, x, locale }: { days: Day[]; x: ReturnType<typeof scaleBand<string>>; locale: string }) {
  return (
    <AxisBottom
      top={INNER_HEIGHT}
      scale={x}
      tickValues={dayTicks(days.map((d) => d.date))}
      tickFormat={(date) => formatDay(date, locale)}
      stroke="#6b7280"
      tickStroke="#6b7280"
      tickLabelProps={{ ...TICK_TEXT, textAnchor: "middle" }}
    />
  );
}

const leftTickProps = { ...TICK_TEXT, textAnchor: "end", dx: -4, dy: "0.33em" } as const;

/** Completed volume per day, the axis in the currency's decimals. */
function VolumeByDay({ days, currency, locale, label }: { days: Day[]; currency: string; locale: string; label: string }) {
  const y = scaleLinear({ domain: [0, Math.max(1, ...days.map((d) => d.completedVolume))], range: [INNER_HEIGHT, 0], nice: true });
  const amounts = amountTicks(currency, locale);
  // Wide enough for "1 000 000" (a fixed margin cut it, on a phone too).
  const left = leftMarginFor(y.ticks(4).filter(amounts.payable).map((v) => amounts.format(v)), { min: MARGIN.left, fontSize: TICK_TEXT.fontSize });
  const x = scaleBand({ domain: days.map((d) => d.date), range: [0, WIDTH - left - MARGIN.right], padding: 0.2 });
  return (
    <Frame label={label} left={left}>
      {days.map((d) => (
        <Bar key={d.date} x={x(d.date)} y={y(d.completedVolume)} width={x.bandwidth()} height={INNER_HEIGHT - y(d.completedVolume)} fill={CHART_COLOURS.completed} />
      ))}
      <AxisLeft scale={y} tickValues={y.ticks(4).filter(amounts.payable)} tickFormat={(v) => amounts.format(Number(v))} stroke="#6b7280" tickStroke="#6b7280" tickLabelProps={leftTickProps} />
      <DayAxis days={days} x={x} locale={locale} />
    </Frame>
  );
}

/** Links and deposits created, and completed, per day: two bars side by side. */
function CreatedAndCompletedByDay({ days, locale, label }: { days: Day[]; locale: string; label: string }) {
  const x = scaleBand({ domain: days.map((d) => d.date), range: [0, INNER_WIDTH], padding: 0.2 });
  const series = scaleBand({ domain: ["created", "completed"] as const, range: [0, x.bandwidth()], padding: 0.05 });
  const y = scaleLinear({ domain: [0, Math.max(1, ...days.map((d) => d.created))], range: [INNER_HEIGHT, 0], nice: true });
  const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  return (
    <Frame label={label}>
      {days.map((d) =>
        (["created", "completed"] as const).map((key) => (
          <Bar key={`${d.date}-${key}`} x={(x(d.date) ?? 0) + (series(key) ?? 0)} y={y(d[key])} width={series.bandwidth()} height={INNER_HEIGHT - y(d[key])} fill={CHART_COLOURS[key]} />
        )),
      )}
      <AxisLeft scale={y} tickValues={y.ticks(4).filter(Number.isInteger)} tickFormat={(v) => count.format(Number(v))} stroke="#6b7280" tickStroke="#6b7280" tickLabelProps={leftTickProps} />
      <DayAxis days={days} x={x} locale={locale} />
    </Frame>
  );
}

/** Completed / created per day, on the days something was created. */
function ConversionByDay({ days, locale, label }: { days: Day[]; locale: string; label: string }) {
  const x = scaleBand({ domain: days.map((d) => d.date), range: [0, INNER_WIDTH], padding: 0.2 });
  const y = scaleLinear({ domain: [0, 1], range: [INNER_HEIGHT, 0] });
  const points = days.filter((d) => d.created > 0).map((d) => ({ date: d.date, rate: d.completed / d.created }));
  const centre = (date: string) => (x(date) ?? 0) + x.bandwidth() / 2;
  const pct = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
  return (
    <Frame label={label}>
      <LinePath data={points} x={(p) => centre(p.date)} y={(p) => y(p.rate)} stroke={CHART_COLOURS.line} strokeWidth={2} fill="none" />
      {points.map((p) => (
        <circle key={p.date} cx={centre(p.date)} cy={y(p.rate)} r={3} fill={CHART_COLOURS.line} />
      ))}
      <AxisLeft scale={y} tickValues={[0, 0.5, 1]} tickFormat={(v) => pct.format(Number(v))} stroke="#6b7280" tickStroke="#6b7280" tickLabelProps={leftTickProps} />
      <DayAxis days={days} x={x} locale={locale} />
    </Frame>
  );
}

/** Completed volume and the fees customers paid, per gateway: two bars a gateway, one amount axis. */
function VolumeAndFeesByGateway({ gateways, currency, locale, label }: { gateways: Analytics["byGateway"]; currency: string; locale: string; label: string }) {
  // Gateway names (MTN_MOMO_CI) need a wider margin than amounts.
  const left = 96;
  const innerWidth = WIDTH - left - MARGIN.right;
  const height = Math.max(HEIGHT, MARGIN.top + MARGIN.bottom + gateways.length * 36);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const y = scaleBand({ domain: gateways.map((g) => g.gatewayName), range: [0, innerHeight], padding: 0.25 });
  const series = scaleBand({ domain: ["volume", "fees"] as const, range: [0, y.bandwidth()], padding: 0.05 });
  const x = scaleLinear({ domain: [0, Math.max(1, ...gateways.map((g) => g.completedVolume))], range: [0, innerWidth], nice: true });
  const amounts = amountTicks(currency, locale);
  const value = { volume: (g: Analytics["byGateway"][number]) => g.completedVolume, fees: (g: Analytics["byGateway"][number]) => g.feesCollected };
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={label} className="analytics-chart" style={{ width: "100%", maxWidth: 560, height: "auto", display: "block" }}>
      <Group left={left} top={MARGIN.top}>
        {gateways.map((g) =>
          (["volume", "fees"] as const).map((key) => (
            <Bar key={`${g.gatewayName}-${key}`} x={0} y={(y(g.gatewayName) ?? 0) + (series(key) ?? 0)} width={x(value[key](g))} height={series.bandwidth()} fill={key === "volume" ? CHART_COLOURS.completed : CHART_COLOURS.fees} />
          )),
        )}
        <AxisLeft scale={y} stroke="#6b7280" tickStroke="#6b7280" tickLabelProps={{ ...leftTickProps, fontSize: 10 }} />
        <AxisBottom top={innerHeight} scale={x} tickValues={x.ticks(3).filter(amounts.payable)} tickFormat={(v) => amounts.format(Number(v))} stroke="#6b7280" tickStroke="#6b7280" tickLabelProps={{ ...TICK_TEXT, textAnchor: "middle" }} />
      </Group>
    </svg>
  );
}

/** The four charts of one currency's figures, each with its title and legend; nothing without data. */
export async function AnalyticsCharts({ analytics, locale }: { analytics: Analytics; locale: string }) {
  const t = await getTranslations("analytics");
  const { byDay: days, byGateway: gateways, currency } = analytics;
  // The titles name the currency as people read it ("F CFA": docs/decisions.md, "Money for people").
  const name = currencyName(currency);
  const charts = [
    days.length > 0 && { title: t("volumeChart", { currency: name }), chart: <VolumeByDay days={days} currency={currency} locale={locale} label={t("volumeChart", { currency: name })} />, legend: [] },
    days.length > 0 && {
      title: t("countsChart"),
      chart: <CreatedAndCompletedByDay days={days} locale={locale} label={t("countsChart")} />,
      legend: [
        { colour: CHART_COLOURS.created, label: t("created") },
        { colour: CHART_COLOURS.completed, label: t("completed") },
      ],
    },
    days.some((d) => d.created > 0) && { title: t("conversionChart"), chart: <ConversionByDay days={days} locale={locale} label={t("conversionChart")} />, legend: [] },
    gateways.length > 0 && {
      title: t("gatewayChart", { currency: name }),
      chart: <VolumeAndFeesByGateway gateways={gateways} currency={currency} locale={locale} label={t("gatewayChart", { currency: name })} />,
      legend: [
        { colour: CHART_COLOURS.completed, label: t("volume") },
        { colour: CHART_COLOURS.fees, label: t("fees") },
      ],
    },
  ].filter((c) => c !== false);
  return (
    <div className="analytics-charts">
      {charts.map((c) => (
        <figure key={c.title} style={{ margin: "1rem 0" }}>
          <figcaption style={{ fontWeight: 600, marginBottom: "0.25rem" }}>{c.title}</figcaption>
          {c.chart}
          {c.legend.length > 0 ? <Legend items={c.legend} /> : null}
        </figure>
      ))}
    </div>
  );
}
