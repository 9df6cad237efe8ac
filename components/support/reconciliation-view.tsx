"use client";

import { useLocale, useTranslations } from "next-intl";
import type { lateSuccessRow, openOutcomeRow } from "@/lib/core/domain/support-rows";
import { formatMajor } from "@/lib/core/domain/money";
import type { ReconciliationProblem } from "@/lib/features/ledger/reconcile";
import type { LateSuccess } from "@/lib/features/reconciliation/list-late-successes";
import type { OpenOutcome } from "@/lib/features/reconciliation/list-open-outcomes";
import { SupportTable, type SupportColumn } from "./support-table";
import { QueryFallback } from "./query-fallback";
import { useSupportAction, useSupportQuery } from "./queries";
import { useStaffCan } from "./staff-context";
import { StatusWord } from "./status-word";
import { GatewayWord } from "./gateway-word";

/** The answer of GET /admin/api/reconciliation. */
type Open = ReturnType<typeof openOutcomeRow<OpenOutcome & { merchant: { name: string } }>>;
/** A payout or refund its operator paid after we released its funds: booked again. */
type Late = ReturnType<typeof lateSuccessRow<LateSuccess & { merchant: { name: string } }>>;
type Report = { ok: boolean; problems: ReconciliationProblem[]; open: Open[]; completedLate: Late[] };
/** The answer of POST /admin/api/reconciliation/run: what the pass did, then the report after it. */
type Run = Report & { pass: { depositsRead: number; depositsSettled: number; transfersSettled: number; refundsSettled: number } };

/** An admin: one reconciliation pass now (npm run reconcile's: every open outcome read at its operator), audited; says what it did. */
function AskOperatorsNow() {
  const r = useTranslations("support.reconciliation");
  const runs = useStaffCan("reconciliation:run");
  // The report refreshes itself afterwards (useSupportAction invalidates the support view's queries).
  const run = useSupportAction<void, Run>(() => "/admin/api/reconciliation/run");
  if (!runs) return <p>{r("runAdminOnly")}</p>;
  return (
    <p>
      <button type="button" className="button" onClick={() => run.mutate()} disabled={run.isPending}>
        {r("run")}
      </button>{" "}
      {run.isSuccess && <span role="status">{r("ran", run.data.pass)}</span>}
      {run.isError && <span role="alert">{String(run.error instanceof Error ? run.error.message : run.error)}</span>}
    </p>
  );
}

const DETAIL_PAGE: Record<Open["kind"], string> = { deposit: "payments", transfer: "transfers", refund: "refunds" };

/** How long ago, in the staff member's language: minutes, then hours, then days ("5 min", "3.5 h", "4 days"). */
function age(seconds: number, locale: string) {
  const [value, unit] = seconds < 3600 ? [seconds / 60, "minute"] : seconds < 172_800 ? [seconds / 3600, "hour"] : [seconds / 86_400, "day"];
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: unit === "hour" ? 1 : 0 }).format(value);
}

/**
 * Support's reconciliation: every live outcome not final at its operator, every payment held for
 * support and every refund to act on, oldest first, each linking to its page, with where it stands
 * in words, the operator's last answer and the next read; then the payouts and refunds an operator
 * paid after we had released their funds (the merchant debited again: support checks with it);
 * then the books' check.
 */
export function ReconciliationView() {
  const t = useTranslations("support");
  const r = useTranslations("support.reconciliation");
  const locale = useLocale();
  const report = useSupportQuery<Report>("/admin/api/reconciliation");
  if (!report.isSuccess) return <QueryFallback query={report} />;
  const time = (value: string | null) => (value ? <time dateTime={value}>{value.slice(0, 19).replace("T", " ")}</time> : null);

  const columns: SupportColumn<Open>[] = [
    { header: t("columns.kind"), cell: (o) => r(`kinds.${o.kind}`) },
    { header: t("columns.reference"), cell: (o) => <a href={`/admin/${DETAIL_PAGE[o.kind]}/${o.reference}`}>{o.reference}</a> },
    { header: t("columns.merchant"), cell: (o) => <a href={`/admin/merchants/${o.merchantId}`}>{o.merchant}</a> },
    { header: t("columns.state"), cell: (o) => r(`states.${o.state}`) },
    { header: t("columns.status"), cell: (o) => <span className={`badge badge-${o.status}`}><StatusWord status={o.status} /></span> },
    { header: t("columns.amount"), cell: (o) => formatMajor(o.amount, o.currency, locale), numeric: true },
    { header: t("columns.gateway"), cell: (o) => <GatewayWord name={o.gatewayName} /> },
    { header: t("columns.age"), cell: (o) => age(o.ageSeconds, locale), numeric: true },
    {
      header: t("columns.operatorAnswer"),
      cell: (o) => (
        <>
          {o.operatorAnswer ? <code>{o.operatorAnswer}</code> : "—"}
          {/* The figures a held payment's operator reported, unless its answer already says them. */}
          {o.operatorFigures && !o.operatorAnswer?.includes(o.operatorFigures) ? ` (${r("operatorFigures", { figures: o.operatorFigures })})` : ""}
          {o.operatorCheckedAt ? <> · {time(o.operatorCheckedAt)}</> : null}
        </>
      ),
    },
    { header: t("columns.nextCheck"), cell: (o) => time(o.nextCheckAt) ?? t("detail.noMoreReads") },
  ];
  const problemColumns: SupportColumn<ReconciliationProblem>[] = [
    { header: t("columns.problem"), cell: (p) => <code>{p.kind}</code> },
    { header: t("columns.reference"), cell: (p) => p.reference },
    { header: t("columns.details"), cell: (p) => p.details },
  ];
  const lateColumns: SupportColumn<Late>[] = [
    { header: t("columns.kind"), cell: (o) => r(`kinds.${o.kind}`) },
    { header: t("columns.reference"), cell: (o) => <a href={`/admin/${DETAIL_PAGE[o.kind]}/${o.reference}`}>{o.reference}</a> },
    { header: t("columns.merchant"), cell: (o) => <a href={`/admin/merchants/${o.merchantId}`}>{o.merchant}</a> },
    { header: t("columns.status"), cell: (o) => <span className={`badge badge-${o.status}`}><StatusWord status={o.status} /></span> },
    { header: t("columns.amount"), cell: (o) => formatMajor(o.amount, o.currency, locale), numeric: true },
    { header: t("columns.gateway"), cell: (o) => <GatewayWord name={o.gatewayName} /> },
    { header: r("late.releasedAt"), cell: (o) => time(o.failedAt) },
    { header: r("late.paidAt"), cell: (o) => time(o.completedAt) },
    { header: r("late.learnedAt"), cell: (o) => time(o.completedLateAt) },
  ];
  const { open, problems, completedLate } = report.data;

  return (
    <>
      <h1>{t("nav.reconciliation")}</h1>
      <p>{r("intro")}</p>
      <AskOperatorsNow />
      <h2>{r("open")}</h2>
      <SupportTable columns={columns} rows={open} rowKey={(o) => `${o.kind}-${o.reference}`} empty={r("noneOpen")} />
      <h2>{r("late.title")}</h2>
      <p>{r("late.intro")}</p>
      <SupportTable columns={lateColumns} rows={completedLate} rowKey={(o) => `${o.kind}-${o.reference}`} empty={r("late.none")} />
      <h2>{r("books")}</h2>
      {problems.length === 0 ? (
        <p role="status">{r("booksOk")}</p>
      ) : (
        <>
          <p role="alert">{r("booksProblems", { count: problems.length })}</p>
          <SupportTable columns={problemColumns} rows={problems} rowKey={(p) => `${p.kind}-${p.reference}`} />
        </>
      )}
    </>
  );
}
