"use client";

import { useTranslations } from "next-intl";

export type PaymentRow = {
  kind: "link" | "deposit";
  id: string;
  reference: string;
  merchant: string;
  environment: string;
  status: string;
  amount: number;
  currency: string;
  gatewayName: string | null;
  customerPhone: string | null;
  createdAt: string;
};

export function PaymentTable({ rows }: { rows: PaymentRow[] }) {
  const t = useTranslations("admin.columns");
  return (
    <table className="admin-table">
      <thead>
        <tr>
          {(["reference", "merchant", "environment", "status", "amount", "gateway", "phone", "created"] as const).map((c) => (
            <th key={c} scope="col">
              {t(c)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td>
              <a href={`/admin/payments/${r.reference}`}>{r.reference}</a>
            </td>
            <td>{r.merchant}</td>
            <td>{r.environment}</td>
            <td>
              <span className={`badge badge-${r.status}`}>{r.status}</span>
            </td>
            <td className="num">
              {r.amount.toLocaleString()} {r.currency}
            </td>
            <td>{r.gatewayName ?? "—"}</td>
            <td>{r.customerPhone ?? "—"}</td>
            <td>{r.createdAt.slice(0, 19).replace("T", " ")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
