"use client";

import type { ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { transferDetail } from "@/lib/features/transfers/transfer-detail";
import { formatMinor } from "@/lib/core/domain/money";
import { Fields, LedgerEntries, Timeline, WebhookDeliveries, time } from "./detail-sections";
import { QueryFallback } from "./query-fallback";
import { useSupportQuery } from "./queries";
import { StatusWord } from "./status-word";
import { GatewayWord } from "./gateway-word";

/** The answer of GET /admin/api/transfers/{reference} (lib/features/transfers/transfer-detail.ts). */
type Detail = Awaited<ReturnType<typeof transferDetail>>;

/** One transfer for support: money, status and times, beneficiary, ledger entries, webhooks. */
export function TransferDetailView({ reference }: { reference: string }) {
  const f = useTranslations("support.transfer");
  const locale = useLocale();
  const detail = useSupportQuery<Detail>(`/admin/api/transfers/${encodeURIComponent(reference)}`);

  if (!detail.isSuccess) return <QueryFallback query={detail} />;
  const d = detail.data;
  const tr = d.transfer;
  const money = (minor: string, currency = tr.currency) => formatMinor(BigInt(minor), currency, locale);

  return (
    <>
      <h1>{tr.reference}</h1>
      <p>
        <a href={`/admin/merchants/${d.merchant.id}`}>{d.merchant.name}</a> · {d.environment} ·{" "}
        <span className={`badge badge-${tr.status}`}><StatusWord status={tr.status} /></span>
      </p>
      {tr.awaitingApproval && (
        <p role="note">
          {f("awaiting")}{" "}
          <a href={`/admin/merchants/${d.merchant.id}${d.environment === "sandbox" ? "?env=sandbox" : ""}#pending-transfers`}>{f("decideOnMerchantPage")}</a>
        </p>
      )}
      <h2>{f("money")}</h2>
      <Fields
        entries={[
          [f("amount"), money(tr.amountMinor)],
          [f("fees"), money(tr.feesMinor)],
          [f("totalDebited"), money(tr.totalDebitedMinor)],
          [f("operatorFee"), tr.operatorFeeMinor === null ? null : money(tr.operatorFeeMinor)],
        ]}
      />
      <h2>{f("statusAndTimes")}</h2>
      <Fields
        entries={[
          [f("status"), <StatusWord key="s" status={tr.status} />],
          [f("createdAt"), time(tr.createdAt)],
          [tr.gatewayType === "SCHEDULED" ? f("scheduledFor") : f("dueAt"), time(tr.dueAt)],
          [f("reviewedAt"), time(tr.reviewedAt)],
          [f("reviewedBy"), tr.reviewedBy],
          [f("completedAt"), time(tr.completedAt)],
          [f("failedAt"), time(tr.failedAt)],
          [f("failureReason"), tr.failureReason],
          // Only for a release on "no record": its reads since, and a success booked late.
          ...(tr.followUntil ? [[f("followUntil"), time(tr.followUntil)] as [string, ReactNode]] : []),
          ...(tr.completedLateAt ? [[f("completedLateAt"), time(tr.completedLateAt)] as [string, ReactNode]] : []),
        ]}
      />
      <h2>{f("operator")}</h2>
      <Fields
        entries={[
          [f("operatorName"), tr.operator],
          [f("operatorSentAt"), time(tr.operatorSentAt)],
          [f("sendAttempts"), tr.sendAttempts],
          [f("operatorAnswer"), tr.operatorAnswer],
          [f("operatorCheckedAt"), time(tr.operatorCheckedAt)],
          [f("handedOverAt"), time(tr.handedOverAt)],
          [f("operatorRequestId"), tr.operatorRequestId],
          [f("operatorReference"), tr.operatorReference],
        ]}
      />
      <h2>{f("beneficiaryAndGateway")}</h2>
      <Fields
        entries={[
          [f("beneficiaryPhone"), tr.beneficiaryPhone],
          [f("beneficiaryName"), tr.beneficiaryName],
          [f("country"), tr.country],
          [f("gateway"), <GatewayWord key="gateway" name={tr.gatewayName} />],
          [f("gatewayType"), tr.gatewayType],
          [f("callbackUrl"), tr.callbackUrl],
          [f("metadata"), tr.metadata ? <code>{JSON.stringify(tr.metadata)}</code> : null],
        ]}
      />
      <Timeline events={d.timeline} />
      <LedgerEntries entries={d.ledger} />
      <WebhookDeliveries deliveries={d.webhooks} empty={f("noWebhooks")} />
    </>
  );
}
