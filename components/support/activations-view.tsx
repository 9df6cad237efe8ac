"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import type { ActivationRequestJson } from "@/lib/features/activation/list-activation-requests";
import { SupportTable, type SupportColumn } from "./support-table";
import { ConfirmAction } from "./confirm-action";
import { Fields } from "./detail-sections";
import { QueryFallback } from "./query-fallback";
import { useSupportQuery } from "./queries";
import { useStaffCan } from "./staff-context";

const when = (iso: string | null, locale: string) => (iso ? new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso)) + " UTC" : "—");

/** Merchants' requests for live payments: those in review first, each linked to its page. */
export function ActivationsView() {
  const t = useTranslations("activation");
  const locale = useLocale();
  const list = useSupportQuery<{ requests: ActivationRequestJson[] }>("/admin/api/activations");
  if (!list.isSuccess) return <QueryFallback query={list} />;
  const columns: SupportColumn<ActivationRequestJson>[] = [
    { header: t("support.submitted"), cell: (r) => <a href={`/admin/activations/${r.id}`}>{when(r.createdAt, locale)}</a> },
    { header: t("support.merchant"), cell: (r) => <a href={`/admin/merchants/${r.merchantId}`}>{r.merchantName ?? r.merchantId}</a> },
    { header: t("fields.businessName"), cell: (r) => r.businessName },
    { header: t("fields.country"), cell: (r) => r.country },
    { header: t("state.heading"), cell: (r) => t(`status.${r.status}`) },
  ];
  return (
    <>
      <h1>{t("support.heading")}</h1>
      <SupportTable columns={columns} rows={list.data.requests} rowKey={(r) => r.id} empty={t("support.none")} />
    </>
  );
}

/** One request: what the merchant told us, and Approve / Refuse (with the reason) while it is in review. */
export function ActivationDetailView({ id }: { id: string }) {
  const t = useTranslations("activation");
  const locale = useLocale();
  const [done, setDone] = useState<string | null>(null);
  const decides = useStaffCan("activations:decide");
  const request = useSupportQuery<ActivationRequestJson>(`/admin/api/activations/${encodeURIComponent(id)}`);
  if (!request.isSuccess) return <QueryFallback query={request} />;
  const r = request.data;
  return (
    <>
      <h1>{t("support.detail", { id: r.id })}</h1>
      {done ? <p role="status">{done}</p> : null}
      <Fields
        entries={[
          [t("support.merchant"), <a key="m" href={`/admin/merchants/${r.merchantId}`}>{r.merchantName ?? r.merchantId}</a>],
          [t("state.heading"), t(`status.${r.status}`)],
          [t("fields.businessName"), r.businessName],
          [t("fields.businessKind"), t(`kinds.${r.businessKind as "individual"}`)],
          [t("fields.country"), r.country],
          [t("fields.payoutPhone"), r.payoutPhone],
          [t("fields.contactName"), r.contactName],
          [t("fields.contactPhone"), r.contactPhone],
          [t("fields.contactEmail"), r.contactEmail],
          [t("fields.documents"), r.documents ?? "—"],
          [t("support.submitted"), when(r.createdAt, locale)],
          [t("support.decided"), when(r.decidedAt, locale)],
          ...(r.refusalReason ? ([[t("support.refusalReason"), r.refusalReason]] as [string, string][]) : []),
        ]}
      />
      {r.status === "in_review" && !decides ? <p>{t("support.adminOnly")}</p> : null}
      {r.status === "in_review" && decides ? (
        <div className="support-actions">
          <ConfirmAction
            label={t("support.approve")}
            question={t("support.approveQuestion")}
            path={`/admin/api/activations/${r.id}/approve`}
            onDone={() => setDone(t("support.approved"))}
          />{" "}
          <ConfirmAction
            label={t("support.refuse")}
            question={t("support.refuseQuestion")}
            path={`/admin/api/activations/${r.id}/refuse`}
            fields={[{ name: "reason", label: t("support.reason"), maxLength: 500 }]}
            onDone={() => setDone(t("support.refusedDone"))}
          />
        </div>
      ) : null}
    </>
  );
}
