"use client";

import { useLocale, useTranslations } from "next-intl";
import { formatMajor } from "@/lib/core/domain/money";
import { SupportTable, type SupportColumn } from "./support-table";
import { QueryFallback } from "./query-fallback";
import { useSupportQuery } from "./queries";
import { GatewayWord } from "./gateway-word";
import { EnvironmentWord, StatusWord } from "./status-word";

type Figure = { environment: string; status: string; currency: string; count: number; amount: number };
type Figures = { links: Figure[]; deposits: Figure[]; transfers: Figure[] };
type OperationFigures = { state: "operational" | "delayed" | "closed"; successRate: number | null; p95Ms: number | null; calls: number };
type GatewayFigures = { gateway: string; operator: string; operations: { deposit: OperationFigures; payout: OperationFigures } };
type Overview = { today: Figures; last7Days: Figures; deadWebhooks: number; pendingActivations: number; operators: GatewayFigures[] };

function FigureTable({ title, rows }: { title: string; rows: Figure[] }) {
  const t = useTranslations("support.columns");
  const locale = useLocale();
  const columns: SupportColumn<Figure>[] = [
    // Sandbox money is pretend: never read as one sum with live.
    { header: t("environment"), cell: (r) => <EnvironmentWord environment={r.environment} /> },
    { header: t("status"), cell: (r) => <StatusWord status={r.status} /> },
    { header: t("currency"), cell: (r) => r.currency },
    { header: t("count"), cell: (r) => r.count, numeric: true },
    { header: t("amount"), cell: (r) => formatMajor(r.amount, r.currency, locale), numeric: true },
  ];
  return <SupportTable caption={title} columns={columns} rows={rows} rowKey={(r) => `${r.environment}-${r.status}-${r.currency}`} />;
}

/** The live gateways' availability (lib/features/monitoring): one row per gateway and operation. */
function OperatorsTable({ gateways }: { gateways: GatewayFigures[] }) {
  const t = useTranslations("support.overview");
  const locale = useLocale();
  const rows = gateways.flatMap((g) => (["deposit", "payout"] as const).map((operation) => ({ gateway: g.gateway, operation, ...g.operations[operation] })));
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  const columns: SupportColumn<(typeof rows)[number]>[] = [
    { header: t("gateway"), cell: (r) => <GatewayWord name={r.gateway} /> },
    { header: t("operation"), cell: (r) => t(`operations.${r.operation}`) },
    { header: t("state"), cell: (r) => t(`states.${r.state}`) },
    { header: t("successRate"), cell: (r) => (r.successRate === null ? "-" : percent.format(r.successRate)), numeric: true },
    { header: t("p95"), cell: (r) => (r.p95Ms === null ? "-" : `${r.p95Ms} ms`), numeric: true },
    { header: t("calls"), cell: (r) => r.calls, numeric: true },
  ];
  return <SupportTable caption={t("operators")} columns={columns} rows={rows} rowKey={(r) => `${r.gateway}-${r.operation}`} />;
}

export function OverviewView() {
  const t = useTranslations("support");
  const data = useSupportQuery<Overview>("/admin/api/overview");
  if (!data.isSuccess) return <QueryFallback query={data} />;
  return (
    <>
      <h1>{t("nav.overview")}</h1>
      <p>
        <a href="/admin/webhooks">{t("overview.deadWebhooks", { count: data.data.deadWebhooks })}</a>
      </p>
      <p>
        <a href="/admin/activations">{t("overview.pendingActivations", { count: data.data.pendingActivations })}</a>
      </p>
      {data.data.operators.length > 0 ? <OperatorsTable gateways={data.data.operators} /> : null}
      {(["today", "last7Days"] as const).map((period) => (
        <section key={period}>
          <h2>{period === "today" ? t("overview.today") : t("overview.week")}</h2>
          <div className="support-grid">
            <FigureTable title={t("overview.links")} rows={data.data[period].links} />
            <FigureTable title={t("overview.deposits")} rows={data.data[period].deposits} />
            <FigureTable title={t("overview.transfers")} rows={data.data[period].transfers} />
          </div>
        </section>
      ))}
    </>
  );
}
