"use client";

import { useTranslations } from "next-intl";
import { AdminTable, type AdminColumn } from "./admin-table";
import { QueryFallback } from "./query-fallback";
import { useAdminAction, useAdminQuery } from "./queries";
import { useStaff } from "./staff-context";

type Attempt = { number: number; startedAt: string; httpStatus: number | null; durationMs: number; responseExcerpt: string | null; error: string | null; succeeded: boolean };
export type Delivery = { id: string; eventType: string; url: string; status: string; attempts: Attempt[]; nextAttemptAt: string | null };
type Detail = {
  kind: "link" | "deposit";
  environment: string;
  merchant: { id: string; name: string };
  payment: Record<string, unknown>;
  attempts: Record<string, unknown>[];
  timeline: { at: string; event: string; reference: string; details?: string | null }[];
  webhooks: Delivery[];
};

function Fields({ data }: { data: Record<string, unknown> }) {
  return (
    <dl className="admin-fields">
      {Object.entries(data).map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{value === null ? "—" : typeof value === "object" ? JSON.stringify(value) : String(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PaymentDetailView({ reference }: { reference: string }) {
  const t = useTranslations("admin");
  const staff = useStaff();
  const detail = useAdminQuery<Detail>(`/admin/api/payments/${reference}`);
  const retry = useAdminAction<string, unknown>((id) => `/admin/api/webhooks/deliveries/${id}/retry`);

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
      <Fields data={d.payment} />
      <h2>{t("detail.timeline")}</h2>
      <ol className="admin-timeline">
        {d.timeline.map((e, i) => (
          <li key={i}>
            <time>{e.at}</time> {e.event} <code>{e.reference}</code> {e.details ? `(${e.details})` : ""}
          </li>
        ))}
      </ol>
      {d.attempts.length > 0 && (
        <>
          <h2>{t("detail.attempts")}</h2>
          {d.attempts.map((a) => (
            <details key={String(a.reference)}>
              <summary>
                {String(a.reference)} · {String(a.gatewayName)} · {String(a.status)}
              </summary>
              <Fields data={a} />
            </details>
          ))}
        </>
      )}
      <h2>{t("detail.webhooks")}</h2>
      {!d.webhooks.length && <p>{t("detail.noWebhooks")}</p>}
      {d.webhooks.map((w) => (
        <DeliveryCard key={w.id} delivery={w} canRetry={staff.role === "admin"} onRetry={() => retry.mutate(w.id)} retrying={retry.isPending} />
      ))}
      {retry.isSuccess && <p role="status">{t("detail.retried")}</p>}
      {retry.isError && <p role="alert">{t("error", { message: retry.error.message })}</p>}
    </>
  );
}

/** One webhook delivery with every attempt; also used by the dead-letter list. */
export function DeliveryCard({ delivery: w, canRetry, onRetry, retrying }: { delivery: Delivery; canRetry: boolean; onRetry: () => void; retrying: boolean }) {
  const t = useTranslations("admin");
  const columns: AdminColumn<Attempt>[] = [
    { header: "#", cell: (a) => a.number },
    { header: t("columns.at"), cell: (a) => a.startedAt.slice(0, 19).replace("T", " ") },
    { header: t("detail.httpStatus"), cell: (a) => a.httpStatus ?? "—" },
    { header: t("detail.duration"), cell: (a) => <>{a.durationMs} ms</> },
    { header: t("detail.answer"), cell: (a) => <code>{a.error ?? a.responseExcerpt ?? ""}</code> },
  ];
  return (
    <section className="admin-delivery" aria-label={`${w.eventType} ${w.url}`}>
      <h3>
        {w.eventType} → {w.url} <span className={`badge badge-${w.status}`}>{w.status}</span>
      </h3>
      <AdminTable columns={columns} rows={w.attempts} rowKey={(a) => a.number} />
      {canRetry && w.status !== "delivered" && (
        <button type="button" onClick={onRetry} disabled={retrying}>
          {t("detail.retry")}
        </button>
      )}
    </section>
  );
}
