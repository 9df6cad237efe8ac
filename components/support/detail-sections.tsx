"use client";

import { useLocale, useTranslations } from "next-intl";
import { formatMinor } from "@/lib/core/domain/money";
import type { ReactNode } from "react";
import { SupportTable, type SupportColumn } from "./support-table";
import { useSupportAction } from "./queries";
import { useStaffCan } from "./staff-context";
import { StatusWord } from "./status-word";

// Sections that the detail pages of a payment and of a transfer share.

type Attempt = { number: number; startedAt: string; httpStatus: number | null; durationMs: number; responseExcerpt: string | null; error: string | null; succeeded: boolean };
export type Delivery = { id: string; eventType: string; url: string; status: string; attempts: Attempt[]; nextAttemptAt: string | null };
export type TimelineEvent = { at: string; event: string; reference: string; details?: string | null };

/** A time the detail endpoints send (UTC, no zone) as the pages print it; null stays empty. */
export const time = (value: string | null) => (value ? <time>{value.replace("T", " ")}</time> : null);

/** Labelled values; an empty one shows a dash. */
export function Fields({ entries }: { entries: [string, ReactNode][] }) {
  return (
    <dl className="support-fields">
      {entries.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === "" ? "—" : value}</dd>
        </div>
      ))}
    </dl>
  );
}

type LedgerEntry = { id: string; journalId: string; at: string; kind: string; account: string; amountMinor: string; currency: string };

/** The ledger entries posted under a transfer's or a refund's reference, printed exactly from minor units. */
export function LedgerEntries({ entries }: { entries: LedgerEntry[] }) {
  const t = useTranslations("support");
  const locale = useLocale();
  const columns: SupportColumn<LedgerEntry>[] = [
    { header: t("columns.at"), cell: (e) => <time>{e.at.replace("T", " ")}</time> },
    { header: t("detail.entryKind"), cell: (e) => <code>{e.kind}</code> },
    { header: t("detail.account"), cell: (e) => <code>{e.account}</code> },
    { header: t("columns.amount"), cell: (e) => formatMinor(BigInt(e.amountMinor), e.currency, locale), numeric: true },
    { header: t("detail.journal"), cell: (e) => <code>{e.journalId}</code> },
  ];
  return (
    <>
      <h2>{t("detail.ledger")}</h2>
      <SupportTable columns={columns} rows={entries} rowKey={(e) => e.id} empty={t("detail.noLedger")} />
    </>
  );
}

export function Timeline({ events }: { events: TimelineEvent[] }) {
  const t = useTranslations("support");
  return (
    <>
      <h2>{t("detail.timeline")}</h2>
      <ol className="support-timeline">
        {events.map((e, i) => (
          <li key={i}>
            <time>{e.at}</time> <code>{e.event}</code> <code>{e.reference}</code> {e.details ? <code>({e.details})</code> : null}
          </li>
        ))}
      </ol>
    </>
  );
}

/** The webhook deliveries of one reference, each with its attempts; admins can retry one now. */
export function WebhookDeliveries({ deliveries, empty }: { deliveries: Delivery[]; empty: string }) {
  const t = useTranslations("support");
  const resends = useStaffCan("webhooks:resend");
  const retry = useSupportAction<string, unknown>((id) => `/admin/api/webhooks/deliveries/${id}/retry`);
  return (
    <>
      <h2>{t("detail.webhooks")}</h2>
      {!deliveries.length && <p>{empty}</p>}
      {deliveries.map((w) => (
        <DeliveryCard key={w.id} delivery={w} canRetry={resends} onRetry={() => retry.mutate(w.id)} retrying={retry.isPending} />
      ))}
      {retry.isSuccess && <p role="status">{t("detail.retried")}</p>}
      {retry.isError && <p role="alert">{t("error", { message: retry.error.message })}</p>}
    </>
  );
}

export function DeliveryCard({ delivery: w, canRetry, onRetry, retrying }: { delivery: Delivery; canRetry: boolean; onRetry: () => void; retrying: boolean }) {
  const t = useTranslations("support");
  const columns: SupportColumn<Attempt>[] = [
    { header: "#", cell: (a) => a.number },
    { header: t("columns.at"), cell: (a) => a.startedAt.slice(0, 19).replace("T", " ") },
    { header: t("detail.httpStatus"), cell: (a) => a.httpStatus ?? "—" },
    { header: t("detail.duration"), cell: (a) => <>{a.durationMs} ms</> },
    { header: t("detail.answer"), cell: (a) => <code>{a.error ?? a.responseExcerpt ?? ""}</code> },
  ];
  return (
    <section className="support-delivery" aria-label={`${w.eventType} ${w.url}`}>
      <h3>
        {w.eventType} → {w.url} <span className={`badge badge-${w.status}`}><StatusWord status={w.status} /></span>
      </h3>
      <SupportTable columns={columns} rows={w.attempts} rowKey={(a) => a.number} />
      {canRetry && w.status !== "delivered" && (
        <button type="button" onClick={onRetry} disabled={retrying}>
          {t("detail.retry")}
        </button>
      )}
      {!canRetry && w.status !== "delivered" && <p>{t("detail.retryAdminOnly")}</p>}
    </section>
  );
}
