"use client";

import { useLocale, useTranslations } from "next-intl";
import type { supportRefundRow, refundSummary } from "@/lib/core/domain/support-rows";
import { formatMinor } from "@/lib/core/domain/money";
import { SupportTable, type SupportColumn } from "./support-table";
import { EnvironmentWord, StatusWord } from "./status-word";
import { GatewayWord } from "./gateway-word";

/** A row as GET /admin/api/refunds sends it (lib/core/domain/support-rows.ts). */
export type RefundRow = ReturnType<typeof supportRefundRow>;
/** A refund as a payment's page lists it. */
export type RefundSummary = ReturnType<typeof refundSummary>;

/** Who asked for a refund, and why the platform did: "the platform (refund due): the customer paid a link already paid". */
export function useRefundSource() {
  const t = useTranslations("support");
  return (r: Pick<RefundSummary, "source" | "reason">) => {
    const who = t(`sources.${r.source === "merchant" ? "merchant" : "refund_due"}`);
    const why = r.source === "refund_due" && r.reason && t.has(`refundReasons.${r.reason}`) ? t(`refundReasons.${r.reason}`) : null;
    return why ? `${who}: ${why}` : who;
  };
}

/** The columns a refund shows wherever it is listed; money arrives in minor units and is printed exactly. */
function useRefundColumns<Row extends RefundSummary>(): SupportColumn<Row>[] {
  const t = useTranslations("support");
  const locale = useLocale();
  const source = useRefundSource();
  return [
    { header: t("columns.reference"), cell: (r) => <a href={`/admin/refunds/${r.reference}`}>{r.reference}</a> },
    {
      header: t("columns.status"),
      cell: (r) => (
        <>
          <span className={`badge badge-${r.status}`}><StatusWord status={r.status} /></span>
          {r.failureReason ? ` ${r.failureReason}` : ""}
        </>
      ),
    },
    { header: t("columns.amount"), cell: (r) => formatMinor(BigInt(r.amountMinor), r.currency, locale), numeric: true },
    { header: t("columns.source"), cell: source },
    { header: t("refund.method"), cell: (r) => (t.has(`refund.methods.${r.method}`) ? t(`refund.methods.${r.method}`) : r.method) },
    { header: t("columns.created"), cell: (r) => r.createdAt.slice(0, 19).replace("T", " ") },
  ];
}

/** The refunds table of the support view. */
export function RefundTable({ rows }: { rows: RefundRow[] }) {
  const t = useTranslations("support.columns");
  const [reference, ...rest] = useRefundColumns<RefundRow>();
  const columns: SupportColumn<RefundRow>[] = [
    reference,
    { header: t("merchant"), cell: (r) => r.merchant },
    { header: t("environment"), cell: (r) => <EnvironmentWord environment={r.environment} /> },
    { header: t("payment"), cell: (r) => <a href={`/admin/payments/${r.paymentReference}`}>{r.paymentReference}</a> },
    ...rest,
    { header: t("gateway"), cell: (r) => <GatewayWord name={r.gatewayName} /> },
    { header: t("phone"), cell: (r) => r.customerPhone },
  ];
  return <SupportTable columns={columns} rows={rows} rowKey={(r) => r.id} />;
}

/** A payment's refunds, on its page. */
export function PaymentRefunds({ rows }: { rows: RefundSummary[] }) {
  const t = useTranslations("support.detail");
  const columns = useRefundColumns<RefundSummary>();
  return (
    <>
      <h2>{t("refunds")}</h2>
      <SupportTable columns={columns} rows={rows} rowKey={(r) => r.reference} empty={t("noRefunds")} />
    </>
  );
}
