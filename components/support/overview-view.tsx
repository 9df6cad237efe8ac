"use client";

import { useLocale, useTranslations } from "next-intl";
import { formatMajor } from "@/lib/core/domain/money";
import { SupportTable, type SupportColumn } from "./support-table";
import { QueryFallback } from "./query-fallback";
import { useSupportQuery } from "./queries";

type Figure = { environment: string; status: string; currency: string; count: number; amount: number };
type Figures = { links: Figure[]; deposits: Figure[]; transfers: Figure[] };
type Overview = { today: Figures; last7Days: Figures; deadWebhooks: number; pendingActivations: number };

function FigureTable({ title, rows }: { title: string; rows: Figure[] }) {
  const t = useTranslations("support.columns");
  const locale = useLocale();
  const columns: SupportColumn<Figure>[] = [
    // Sandbox money is pretend: never read as one sum with live.
    { header: t("environment"), cell: (r) => r.environment },
    { header: t("status"), cell: (r) => r.status },
    { header: t("currency"), cell: (r) => r.currency },
    { header: t("count"), cell: (r) => r.count, numeric: true },
    { header: t("amount"), cell: (r) => formatMajor(r.amount, r.currency, locale), numeric: true },
  ];
  return <SupportTable caption={title} columns={columns} rows={rows} rowKey={(r) => `${r.environment}-${r.status}-${r.currency}`} />;
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
