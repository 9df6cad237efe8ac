"use client";

import type { ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import type { refundDetail } from "@/lib/features/refunds/refund-detail";
import { formatMinor } from "@/lib/core/domain/money";
import { ConfirmAction } from "./confirm-action";
import { Fields, LedgerEntries, WebhookDeliveries, time } from "./detail-sections";
import { QueryFallback } from "./query-fallback";
import { useSupportQuery } from "./queries";
import { useRefundSource } from "./refund-table";
import { useStaffCan } from "./staff-context";
import { StatusWord } from "./status-word";
import { GatewayWord } from "./gateway-word";

/** The answer of GET /admin/api/refunds/{reference} (lib/features/refunds/refund-detail.ts). */
type Detail = Awaited<ReturnType<typeof refundDetail>>;
type RefundJson = { reference: string; status: string };

/**
 * One refund for support: its money, who asked and why, how it goes back and what its operator
 * last said, the payment it gives back, ledger entries and webhooks; and, for admins, what applies
 * now: record it paid (or not) by hand, or send a failed refund the platform owes again.
 */
export function RefundDetailView({ reference }: { reference: string }) {
  const f = useTranslations("support.refund");
  const locale = useLocale();
  const settles = useStaffCan("refunds:settle");
  const source = useRefundSource();
  const [notice, setNotice] = useState("");
  const detail = useSupportQuery<Detail>(`/admin/api/refunds/${encodeURIComponent(reference)}`);

  if (!detail.isSuccess) return <QueryFallback query={detail} />;
  const d = detail.data;
  const r = d.refund;
  const p = d.payment;
  const money = (minor: string | null, currency = r.currency) => (minor === null ? null : formatMinor(BigInt(minor), currency, locale));
  const amount = money(r.amountMinor)!;
  const path = `/admin/api/refunds/${r.reference}`;
  const actionable = r.recordableByHand || r.retryable;

  return (
    <>
      <h1>{r.reference}</h1>
      <p>
        <a href={`/admin/merchants/${d.merchant.id}`}>{d.merchant.name}</a> · {d.environment} · <span className={`badge badge-${r.status}`}><StatusWord status={r.status} /></span>
      </p>
      {notice && (
        <p role="status" className="support-notice">
          {notice}
        </p>
      )}
      {r.recordableByHand && <p role="note">{f("awaitsHand")}</p>}
      {r.retryable && <p role="note">{f("failedDue")}</p>}
      {actionable && !settles && <p>{f("adminOnly")}</p>}
      {actionable && settles && (
        <div className="support-actions">
          {r.recordableByHand && (
            <>
              <ConfirmAction<RefundJson>
                label={f("recordCompleted")}
                question={f("recordCompletedQuestion", { phone: r.customerPhone, amount })}
                path={`${path}/record`}
                body={{ outcome: "completed" }}
                fields={[
                  { name: "operatorReference", label: f("operatorReferenceField"), maxLength: 100 },
                  { name: "note", label: f("noteField") },
                ]}
                onDone={(done) => setNotice(f("recordedCompleted", { reference: done.reference }))}
              />
              <ConfirmAction<RefundJson>
                label={f("recordFailed")}
                question={f("recordFailedQuestion", { reference: r.reference })}
                path={`${path}/record`}
                body={{ outcome: "failed" }}
                fields={[{ name: "note", label: f("noteField") }]}
                onDone={(done) => setNotice(f("recordedFailed", { reference: done.reference }))}
              />
            </>
          )}
          {r.retryable && (
            <ConfirmAction<RefundJson>
              label={f("retry")}
              question={f("retryQuestion", { phone: r.customerPhone, amount })}
              path={`${path}/retry`}
              onDone={(done) => setNotice(f("retried", { reference: done.reference }))}
            />
          )}
        </div>
      )}
      <h2>{f("money")}</h2>
      <Fields
        entries={[
          [f("amount"), amount],
          [f("source"), source(r)],
          [f("reason"), r.reason],
          [f("requestedBy"), r.requestedByEmail ? `${r.requestedBy} (${r.requestedByEmail})` : r.requestedBy],
        ]}
      />
      <h2>{f("statusAndTimes")}</h2>
      <Fields
        entries={[
          [f("status"), <StatusWord key="s" status={r.status} />],
          [f("createdAt"), time(r.createdAt)],
          [f("dueAt"), time(r.dueAt)],
          [f("completedAt"), time(r.completedAt)],
          [f("failedAt"), time(r.failedAt)],
          [f("failureReason"), r.failureReason],
          // Only for a release on "no record": its reads since, and a success booked late.
          ...(r.followUntil ? [[f("followUntil"), time(r.followUntil)] as [string, ReactNode]] : []),
          ...(r.completedLateAt ? [[f("completedLateAt"), time(r.completedLateAt)] as [string, ReactNode]] : []),
        ]}
      />
      <h2>{f("howItGoesBack")}</h2>
      <Fields
        entries={[
          [f("method"), f.has(`methods.${r.method}`) ? f(`methods.${r.method}`) : r.method],
          [f("customerPhone"), r.customerPhone],
          [f("gateway"), <GatewayWord key="gateway" name={r.gatewayName} />],
          [f("operatorName"), r.operator],
          [f("operatorRequestId"), r.operatorRequestId],
          [f("operatorReference"), r.operatorReference],
          [f("operatorFee"), money(r.operatorFeeMinor)],
          [f("operatorAnswer"), r.operatorAnswer],
          [f("operatorCheckedAt"), time(r.operatorCheckedAt)],
          [f("operatorSentAt"), time(r.operatorSentAt)],
          [f("sendAttempts"), r.sendAttempts],
          [f("callbackUrl"), r.callbackUrl],
          [f("metadata"), r.metadata ? <code>{JSON.stringify(r.metadata)}</code> : null],
        ]}
      />
      <h2>{f("payment")}</h2>
      <Fields
        entries={[
          [f("paymentReference"), <a href={`/admin/payments/${p.reference}`}>{p.reference}</a>],
          [f("depositReference"), p.depositReference === p.reference ? null : <a href={`/admin/payments/${p.depositReference}`}>{p.depositReference}</a>],
          [f("paymentStatus"), <StatusWord key="p" status={p.status} />],
          [f("paymentAmount"), money(p.amountMinor, p.currency)],
          [f("paymentFees"), money(p.feesMinor, p.currency)],
          [f("charged"), money(p.chargedMinor, p.currency)],
          [f("refundDueReason"), p.refundDueReason],
        ]}
      />
      <LedgerEntries entries={d.ledger} />
      <WebhookDeliveries deliveries={d.webhooks} empty={f("noWebhooks")} />
    </>
  );
}
