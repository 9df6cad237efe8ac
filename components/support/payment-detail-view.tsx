"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { formatMajor } from "@/lib/core/domain/money";
import { ConfirmAction } from "./confirm-action";
import { Fields, Timeline, WebhookDeliveries, type Delivery, type TimelineEvent, time } from "./detail-sections";
import { QueryFallback } from "./query-fallback";
import { useSupportAction, useSupportQuery } from "./queries";
import { PaymentRefunds, type RefundSummary } from "./refund-table";
import { useStaffCan } from "./staff-context";
import { GatewayWord } from "./gateway-word";
import { EnvironmentWord, StatusWord } from "./status-word";

type OperatorCheck = { reference: string; operatorSays: string; operatorReason?: string; status: string; operatorReference: string | null };

/** An admin: read a live deposit's status at its operator now (recorded, audited); shows what the operator says. */
function CheckWithOperator({ reference }: { reference: string }) {
  const t = useTranslations("support");
  const checks = useStaffCan("payments:check-operator");
  const check = useSupportAction<string, OperatorCheck>((ref) => `/admin/api/payments/${ref}/check-operator`);
  // Its answer is recorded and may settle the deposit: an admin's (lib/features/staff/staff-permissions.ts).
  if (!checks) return <p>{t("detail.checkOperatorAdminOnly")}</p>;
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

type FollowUp = { followUntil: string | null; nextCheckAt: string | null; operatorAnswer: string | null; operatorCheckedAt: string | null; lastTryFailure: string | null };
type Hold = { reason: string; heldAt: string | null; ourAmount: number; ourCurrency: string; operatorAmount: number | null; operatorCurrency: string };
/** A deposit as lib/features/payments/payment-detail.ts sends it: the API's fields, the operator's ids, its follow-up and hold. */
type DepositJson = Record<string, unknown> & { reference: string; followUp: FollowUp | null; hold: Hold | null };

type Detail = {
  kind: "link" | "deposit";
  environment: string;
  merchant: { id: string; name: string };
  payment: Record<string, unknown>;
  attempts: DepositJson[];
  refunds: RefundSummary[];
  timeline: TimelineEvent[];
  webhooks: Delivery[];
};

/** The fields in major units of the record's currency (lib/features/deposits/transform-deposit.ts, lib/features/links/transform-link.ts). */
const AMOUNT_FIELDS = new Set(["amount", "fees", "totalAmount", "operatorFee"]);

/**
 * A record's fields in words (admin.detail.field), amounts with their currency as the rest of the
 * console prints them, objects as JSON. The follow-up and the hold have sections of their own, and a
 * link's attempts are listed below it.
 */
function RecordFields({ record }: { record: Record<string, unknown> }) {
  const t = useTranslations("support.detail");
  const locale = useLocale();
  const { followUp: _followUp, hold: _hold, attempts: _attempts, ...data } = record;
  const currency = typeof data.currency === "string" ? data.currency : null;
  const value = (key: string, v: unknown): ReactNode => {
    if (v === null || v === undefined) return null;
    // Codes in words: "completed" -> "Réussi", "MTN_MOMO_CI" -> "MTN MoMo Côte d'Ivoire".
    if (key === "status" && typeof v === "string") return <StatusWord status={v} />;
    if (key === "gatewayName" && typeof v === "string") return <GatewayWord name={v} />;
    if (typeof v === "number" && currency && AMOUNT_FIELDS.has(key)) return formatMajor(v, currency, locale);
    if (typeof v === "boolean") return v ? t("yes") : t("no");
    return typeof v === "object" ? JSON.stringify(v) : String(v);
  };
  // A field the API gains later still shows, under its own name, until it has words here.
  const label = (key: string) => (t.has(`field.${key}`) ? t(`field.${key}`) : key);
  return <Fields entries={Object.entries(data).map(([key, v]) => [label(key), value(key, v)])} />;
}

/** A live deposit's follow-up at its operator: until when it is read, the next read, the operator's last answer. */
function FollowUpFields({ followUp }: { followUp: FollowUp }) {
  const t = useTranslations("support.detail");
  return (
    <>
      <h3>{t("followUp")}</h3>
      <Fields
        entries={[
          [t("operatorAnswer"), followUp.operatorAnswer ? <code>{followUp.operatorAnswer}</code> : null],
          [t("operatorCheckedAt"), time(followUp.operatorCheckedAt)],
          [t("nextCheckAt"), time(followUp.nextCheckAt) ?? t("noMoreReads")],
          [t("followUntil"), time(followUp.followUntil)],
          [t("lastTryFailure"), followUp.lastTryFailure],
        ]}
      />
    </>
  );
}

/** A deposit held on its operator's other figures: both figures, and for admins the decision (confirmed first). */
function HeldDeposit({ reference, hold, onDone }: { reference: string; hold: Hold; onDone: (message: string) => void }) {
  const t = useTranslations("support.detail");
  const locale = useLocale();
  const resolves = useStaffCan("payments:resolve-hold");
  const ours = formatMajor(hold.ourAmount, hold.ourCurrency, locale);
  const theirs = hold.operatorAmount === null ? "?" : formatMajor(hold.operatorAmount, hold.operatorCurrency, locale);
  const path = `/admin/api/payments/${reference}/resolve-hold`;
  const note = [{ name: "note", label: t("note") }];
  return (
    <section aria-label={t("hold")}>
      <h3>{t("hold")}</h3>
      <p role="note">{t("holdIntro")}</p>
      <Fields
        entries={[
          [t("heldReason"), <code>{hold.reason}</code>],
          [t("heldAt"), time(hold.heldAt)],
          [t("ourFigures"), ours],
          [t("operatorFigures"), theirs],
        ]}
      />
      {resolves ? (
        <div className="support-actions">
          <ConfirmAction
            label={t("holdComplete")}
            question={t("holdCompleteQuestion", { reference, amount: ours })}
            path={path}
            body={{ decision: "complete" }}
            fields={note}
            onDone={() => onDone(t("holdCompleted", { reference }))}
          />
          <ConfirmAction
            label={t("holdFail")}
            question={t("holdFailQuestion", { reference, amount: theirs })}
            path={path}
            body={{ decision: "fail" }}
            fields={note}
            onDone={() => onDone(t("holdFailed", { reference }))}
          />
        </div>
      ) : (
        <p>{t("adminDecides")}</p>
      )}
    </section>
  );
}

/** What support sees and does about a deposit at its operator: check now, the follow-up, the hold. */
function AtTheOperator({ environment, deposit, onDone }: { environment: string; deposit: DepositJson; onDone: (message: string) => void }) {
  return (
    <>
      {operatorPayment(environment, deposit) && <CheckWithOperator reference={deposit.reference} />}
      {deposit.followUp && <FollowUpFields followUp={deposit.followUp} />}
      {deposit.hold && <HeldDeposit reference={deposit.reference} hold={deposit.hold} onDone={onDone} />}
    </>
  );
}

export function PaymentDetailView({ reference }: { reference: string }) {
  const t = useTranslations("support");
  const [notice, setNotice] = useState("");
  const detail = useSupportQuery<Detail>(`/admin/api/payments/${encodeURIComponent(reference)}`);

  if (!detail.isSuccess) return <QueryFallback query={detail} />;
  const d = detail.data;
  return (
    <>
      <h1>{reference}</h1>
      <p>
        <a href={`/admin/merchants/${d.merchant.id}`}>{d.merchant.name}</a> · <EnvironmentWord environment={d.environment} /> ·{" "}
        <span className={`badge badge-${String(d.payment.status)}`}>
          <StatusWord status={String(d.payment.status)} />
        </span>
      </p>
      {notice && (
        <p role="status" className="support-notice">
          {notice}
        </p>
      )}
      <h2>{t("detail.fields")}</h2>
      <RecordFields record={d.payment} />
      {d.kind === "deposit" && <AtTheOperator environment={d.environment} deposit={d.payment as DepositJson} onDone={setNotice} />}
      <PaymentRefunds rows={d.refunds} />
      <Timeline events={d.timeline} />
      {d.attempts.length > 0 && (
        <>
          <h2>{t("detail.attempts")}</h2>
          {d.attempts.map((a) => (
            // A held attempt is opened: support has to decide on it.
            <details key={a.reference} open={a.hold !== null}>
              <summary>
                {a.reference} · <GatewayWord name={String(a.gatewayName)} /> · <StatusWord status={String(a.status)} />
              </summary>
              <RecordFields record={a} />
              <AtTheOperator environment={d.environment} deposit={a} onDone={setNotice} />
            </details>
          ))}
        </>
      )}
      <WebhookDeliveries deliveries={d.webhooks} empty={t("detail.noWebhooks")} />
    </>
  );
}

/** One webhook delivery with every attempt; also used by the dead-letter list. */
