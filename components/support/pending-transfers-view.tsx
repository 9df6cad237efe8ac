"use client";

import { useLocale, useTranslations } from "next-intl";
import { formatMajor } from "@/lib/core/domain/money";
import { SupportTable, type SupportColumn } from "./support-table";
import { QueryFallback } from "./query-fallback";
import { useSupportAction, useSupportQuery } from "./queries";
import { useStaffCan } from "./staff-context";

type PendingTransfer = {
  reference: string;
  merchantName: string;
  environment: string;
  gatewayName: string;
  amount: number;
  fees: number;
  currency: string;
  beneficiaryPhone: string;
  beneficiaryName: string | null;
  createdAt: string;
};

/** MANUAL transfers waiting for a decision; admins approve or reject them (audited server-side). */
export function PendingTransfersView({ merchantId }: { merchantId?: string }) {
  const t = useTranslations("support.transfers");
  const common = useTranslations("support");
  const locale = useLocale();
  const decides = useStaffCan("transfers:decide");
  const list = useSupportQuery<{ transfers: PendingTransfer[] }>("/admin/api/transfers/pending", { merchantId });
  const decide = useSupportAction<{ reference: string; decision: "approve" | "reject" }, unknown>(
    ({ reference, decision }) => `/admin/api/transfers/${reference}/${decision}`,
    () => ({}),
  );
  if (!list.isSuccess) return <QueryFallback query={list} />;
  const decisionCell = (tr: PendingTransfer) =>
    decides ? (
      <>
        <button type="button" disabled={decide.isPending} onClick={() => decide.mutate({ reference: tr.reference, decision: "approve" })}>
          {t("approve")}
        </button>{" "}
        <button type="button" disabled={decide.isPending} onClick={() => decide.mutate({ reference: tr.reference, decision: "reject" })}>
          {t("reject")}
        </button>
      </>
    ) : (
      t("adminOnly")
    );
  const columns: SupportColumn<PendingTransfer>[] = [
    { header: t("reference"), cell: (tr) => <a href={`/admin/transfers/${tr.reference}`}>{tr.reference}</a> },
    { header: t("gateway"), cell: (tr) => tr.gatewayName },
    { header: t("amount"), cell: (tr) => `${formatMajor(tr.amount, tr.currency, locale)} (+${formatMajor(tr.fees, tr.currency, locale)})`, numeric: true },
    {
      header: t("beneficiary"),
      cell: (tr) => (
        <>
          {tr.beneficiaryPhone}
          {tr.beneficiaryName ? ` (${tr.beneficiaryName})` : ""}
        </>
      ),
    },
    { header: t("created"), cell: (tr) => tr.createdAt.slice(0, 16).replace("T", " ") },
    { header: t("actions"), cell: decisionCell },
  ];
  return (
    <section aria-labelledby="pending-transfers">
      <h2 id="pending-transfers">{t("title")}</h2>
      <SupportTable columns={columns} rows={list.data.transfers} rowKey={(tr) => tr.reference} empty={t("none")} />
      {decide.isError && <p role="alert">{common("error", { message: decide.error.message })}</p>}
    </section>
  );
}
