"use client";

import { useTranslations } from "next-intl";
import { QueryFallback } from "./query-fallback";
import { useAdminQuery } from "./queries";

type Figure = { status: string; currency: string; count: number; amount: number };
type Figures = { links: Figure[]; deposits: Figure[] };
type Overview = { today: Figures; last7Days: Figures; deadWebhooks: number };

function FigureTable({ title, rows }: { title: string; rows: Figure[] }) {
  const t = useTranslations("admin.columns");
  return (
    <table className="admin-table">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{t("status")}</th>
          <th scope="col">{t("currency")}</th>
          <th scope="col">{t("count")}</th>
          <th scope="col">{t("amount")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.status}-${r.currency}`}>
            <td>{r.status}</td>
            <td>{r.currency}</td>
            <td className="num">{r.count}</td>
            <td className="num">{r.amount.toLocaleString()}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function OverviewView() {
  const t = useTranslations("admin");
  const data = useAdminQuery<Overview>("/admin/api/overview");
  if (!data.isSuccess) return <QueryFallback query={data} />;
  return (
    <>
      <h1>{t("nav.overview")}</h1>
      <p>
        <a href="/admin/webhooks">{t("overview.deadWebhooks", { count: data.data.deadWebhooks })}</a>
      </p>
      {(["today", "last7Days"] as const).map((period) => (
        <section key={period}>
          <h2>{period === "today" ? t("overview.today") : t("overview.week")}</h2>
          <div className="admin-grid">
            <FigureTable title={t("overview.links")} rows={data.data[period].links} />
            <FigureTable title={t("overview.deposits")} rows={data.data[period].deposits} />
          </div>
        </section>
      ))}
    </>
  );
}
