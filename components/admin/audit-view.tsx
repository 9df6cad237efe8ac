"use client";

import { useTranslations } from "next-intl";
import { QueryFallback } from "./query-fallback";
import { useAdminQuery } from "./queries";

type Entry = { id: string; at: string; staff: string; action: string; targetType: string; targetId: string; details: unknown };

export function AuditView() {
  const t = useTranslations("admin");
  const log = useAdminQuery<{ items: Entry[] }>("/admin/api/audit");
  if (!log.isSuccess) return <QueryFallback query={log} />;
  return (
    <>
      <h1>{t("nav.audit")}</h1>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t("columns.at")}</th>
            <th scope="col">{t("columns.who")}</th>
            <th scope="col">{t("columns.action")}</th>
            <th scope="col">{t("columns.target")}</th>
          </tr>
        </thead>
        <tbody>
          {log.data.items.map((e) => (
            <tr key={e.id}>
              <td>{e.at.slice(0, 19).replace("T", " ")}</td>
              <td>{e.staff}</td>
              <td>{e.action}</td>
              <td>
                {e.targetType} <code>{e.targetId}</code> <code>{e.details ? JSON.stringify(e.details) : ""}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
