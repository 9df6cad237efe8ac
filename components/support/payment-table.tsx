"use client";

import { useLocale, useTranslations } from "next-intl";
import type { supportPaymentRow } from "@/lib/core/domain/support-rows";
import { formatMajor } from "@/lib/core/domain/money";
import { SupportTable, type SupportColumn } from "./support-table";
import { EnvironmentWord, StatusWord } from "./status-word";
import { GatewayWord } from "./gateway-word";

/** A row as the links, deposits and search endpoints send it (lib/core/domain/support-rows.ts). */
export type PaymentRow = ReturnType<typeof supportPaymentRow>;

export function PaymentTable({ rows }: { rows: PaymentRow[] }) {
  const t = useTranslations("support.columns");
  const locale = useLocale();
  const columns: SupportColumn<PaymentRow>[] = [
    { header: t("reference"), cell: (r) => <a href={`/admin/payments/${r.reference}`}>{r.reference}</a> },
    { header: t("merchant"), cell: (r) => r.merchant },
    { header: t("environment"), cell: (r) => <EnvironmentWord environment={r.environment} /> },
    { header: t("status"), cell: (r) => <span className={`badge badge-${r.status}`}><StatusWord status={r.status} /></span> },
    { header: t("amount"), cell: (r) => formatMajor(r.amount, r.currency, locale), numeric: true },
    { header: t("gateway"), cell: (r) => <GatewayWord name={r.gatewayName} /> },
    { header: t("phone"), cell: (r) => r.customerPhone ?? "—" },
    { header: t("created"), cell: (r) => r.createdAt.slice(0, 19).replace("T", " ") },
  ];
  return <SupportTable columns={columns} rows={rows} rowKey={(r) => r.id} />;
}
