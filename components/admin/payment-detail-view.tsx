"use client";

import { useTranslations } from "next-intl";
import { Fields, Timeline, WebhookDeliveries, type Delivery, type TimelineEvent } from "./detail-sections";
import { QueryFallback } from "./query-fallback";
import { useAdminAction, useAdminQuery } from "./queries";

type OperatorCheck = { reference: string; operatorSays: string; operatorReason?: string; status: string; operatorReference: string | null };

/** Support: read a live deposit's status at its operator now (audited); shows what the operator says. */
function CheckWithOperator({ reference }: { reference: string }) {
  const t = useTranslations("admin");
  const check = useAdminAction<string, OperatorCheck>((ref) => `/admin/api/payments/${ref}/check-operator`);
  return (
    <p>
      <button type="button" className="button" onClick={() => check.mutate(reference)} disabled={check.isPending}>
        {t("detail.checkOperator")}
      </button>{" "}
      {check.isSuccess && (
        <span role="status">
          {t("detail.operatorSays", { answer: check.data.operatorSays, status: check.data.status })}
          {check.data.operatorReason ? ` (${check.data.operatorReason})` : ""}
        </span>
      )}
      {check.isError && <span role="alert">{String(check.error instanceof Error ? check.error.message : check.error)}</span>}
    </p>
  );
}

/** A live deposit an operator was asked to take: it has our request id or the operator's reference. */
const operatorPayment = (environment: string, p: Record<string, unknown>) => environment === "live" && Boolean(p.operatorRequestId || p.operatorReference);

type Detail = {
  kind: "link" | "deposit";
  environment: string;
  merchant: { id: string; name: string };
  payment: Record<string, unknown>;
  attempts: Record<string, unknown>[];
  timeline: TimelineEvent[];
  webhooks: Delivery[];
};

/** A record's fields as they came, objects as JSON. */
const asEntries = (data: Record<string, unknown>): [string, string | null][] =>
  Object.entries(data).map(([key, value]) => [key, value === null ? null : typeof value === "object" ? JSON.stringify(value) : String(value)]);

export function PaymentDetailView({ reference }: { reference: string }) {
  const t = useTranslations("admin");
  const detail = useAdminQuery<Detail>(`/admin/api/payments/${reference}`);

  if (!detail.isSuccess) return <QueryFallback query={detail} />;
  const d = detail.data;
  return (
    <>
      <h1>{reference}</h1>
      <p>
        <a href={`/admin/merchants/${d.merchant.id}`}>{d.merchant.name}</a> · {d.environment} ·{" "}
        <span className={`badge badge-${String(d.payment.status)}`}>{String(d.payment.status)}</span>
      </p>
      <h2>{t("detail.fields")}</h2>
      <Fields entries={asEntries(d.payment)} />
      {d.kind === "deposit" && operatorPayment(d.environment, d.payment) && <CheckWithOperator reference={String(d.payment.reference)} />}
      <Timeline events={d.timeline} />
      {d.attempts.length > 0 && (
        <>
          <h2>{t("detail.attempts")}</h2>
          {d.attempts.map((a) => (
            <details key={String(a.reference)}>
              <summary>
                {String(a.reference)} · {String(a.gatewayName)} · {String(a.status)}
              </summary>
              <Fields entries={asEntries(a)} />
              {operatorPayment(d.environment, a) && <CheckWithOperator reference={String(a.reference)} />}
            </details>
          ))}
        </>
      )}
      <WebhookDeliveries deliveries={d.webhooks} empty={t("detail.noWebhooks")} />
    </>
  );
}

/** One webhook delivery with every attempt; also used by the dead-letter list. */
