"use client";

import { useTranslations } from "next-intl";
import { Fields, Timeline, WebhookDeliveries, type Delivery, type TimelineEvent } from "./detail-sections";
import { QueryFallback } from "./query-fallback";
import { useAdminQuery } from "./queries";

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
            </details>
          ))}
        </>
      )}
      <WebhookDeliveries deliveries={d.webhooks} empty={t("detail.noWebhooks")} />
    </>
  );
}

/** One webhook delivery with every attempt; also used by the dead-letter list. */
