"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { newFormToken } from "@/lib/core/domain/form-token";
import { formatMajor } from "@/lib/core/domain/money";
import { SupportTable, type SupportColumn } from "./support-table";
import { QueryFallback } from "./query-fallback";
import { useSupportAction, useSupportQuery } from "./queries";
import { useStaffCan } from "./staff-context";
import { GatewayWord } from "./gateway-word";

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

type Decision = { reference: string; decision: "approve" | "reject"; formToken: string };

/**
 * A row's Approve and Reject, with the one-time token drawn when the row is drawn: a decision sent
 * twice (a double click, a retry after a lost answer) is made once and answers the first's result.
 */
function DecisionButtons({ reference, pending, onDecide }: { reference: string; pending: boolean; onDecide: (decision: Decision) => void }) {
  const t = useTranslations("support.transfers");
  const [formToken] = useState(newFormToken);
  return (
    <>
      <button type="button" disabled={pending} onClick={() => onDecide({ reference, decision: "approve", formToken })}>
        {t("approve")}
      </button>{" "}
      <button type="button" disabled={pending} onClick={() => onDecide({ reference, decision: "reject", formToken })}>
        {t("reject")}
      </button>
    </>
  );
}

/** MANUAL transfers waiting for a decision; admins approve or reject them (audited server-side). */
export function PendingTransfersView({ merchantId }: { merchantId?: string }) {
  const t = useTranslations("support.transfers");
  const common = useTranslations("support");
  const locale = useLocale();
  const decides = useStaffCan("transfers:decide");
  const list = useSupportQuery<{ transfers: PendingTransfer[] }>("/admin/api/transfers/pending", { merchantId });
  const decide = useSupportAction<Decision, unknown>(
    ({ reference, decision }) => `/admin/api/transfers/${reference}/${decision}`,
    () => ({}),
    ({ formToken }) => formToken,
  );
  if (!list.isSuccess) return <QueryFallback query={list} />;
  const decisionCell = (tr: PendingTransfer) =>
    decides ? <DecisionButtons reference={tr.reference} pending={decide.isPending} onDecide={(decision) => decide.mutate(decision)} /> : t("adminOnly");
  const columns: SupportColumn<PendingTransfer>[] = [
    { header: t("reference"), cell: (tr) => <a href={`/admin/transfers/${tr.reference}`}>{tr.reference}</a> },
    { header: t("gateway"), cell: (tr) => <GatewayWord name={tr.gatewayName} /> },
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
