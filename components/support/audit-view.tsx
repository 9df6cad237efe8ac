"use client";

import { useTranslations } from "next-intl";
import { SupportTable, type SupportColumn } from "./support-table";
import { QueryFallback } from "./query-fallback";
import { useSupportQuery } from "./queries";

type Entry = { id: string; at: string; staff: string | null; action: string; targetType: string; targetId: string; details: unknown };

export function AuditView() {
  const t = useTranslations("support");
  const log = useSupportQuery<{ items: Entry[] }>("/admin/api/audit");
  if (!log.isSuccess) return <QueryFallback query={log} />;
  const columns: SupportColumn<Entry>[] = [
    { header: t("columns.at"), cell: (e) => e.at.slice(0, 19).replace("T", " ") },
    { header: t("columns.who"), cell: (e) => e.staff ?? t("audit.byService") },
    { header: t("columns.action"), cell: (e) => e.action },
    {
      header: t("columns.target"),
      cell: (e) => (
        <>
          {e.targetType} <code>{e.targetId}</code> <code>{e.details ? JSON.stringify(e.details) : ""}</code>
        </>
      ),
    },
  ];
  return (
    <>
      <h1>{t("nav.audit")}</h1>
      <SupportTable columns={columns} rows={log.data.items} rowKey={(e) => e.id} />
    </>
  );
}
