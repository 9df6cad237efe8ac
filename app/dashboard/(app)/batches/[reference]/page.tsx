import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { ActionForm, FieldError } from "@/components/dashboard/action-form";
import { BatchLines } from "@/components/dashboard/batch-lines";
import { formatTime } from "@/components/dashboard/format";
import { RefreshWhilePending } from "@/components/dashboard/refresh-while-pending";
import { SecondFactorFields } from "@/components/dashboard/second-factor-fields";
import { pageTitle } from "@/components/page-title";
import { formatMinor } from "@/lib/core/domain/money";
import { can } from "@/lib/features/auth/member-permissions";
import { getBatchPage } from "@/lib/surfaces/dashboard/batches-queries";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";
import { approveBatchAction, cancelBatchAction, retryFailedLinesAction } from "./actions";

export const generateMetadata = pageTitle("batch");

type Props = { params: Promise<{ reference: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Seconds between two looks at a batch being sent, without JavaScript (a meta refresh). */
const NO_SCRIPT_REFRESH_SECONDS = 5;

// One bulk payout (issue 49): where it stands, its approval (a second member, their code when
// they have two-factor on), its cancellation, the retry of its failed lines, its lines followed
// as they complete, the result as CSV.
export default async function BatchPage({ params, searchParams }: Props) {
  const { member, scope } = await requirePageMember("/dashboard/batches/[reference]");
  const [{ reference }, query, tb, ta, labels, locale] = await Promise.all([params, searchParams, getTranslations("batches"), getTranslations("auth"), getTranslations("labels"), getLocale()]);
  const after = typeof query.after === "string" && /^\d{1,6}$/.test(query.after) ? Number(query.after) : 0;
  const page = await getBatchPage(scope, reference, member, after);
  // Another merchant's or environment's batch: the same 404 as a reference that never existed.
  if (!page) notFound();
  const { batch, summary } = page;
  const path = (p: string) => dashboardPath(scope.environment, p);
  const href = path(`/batches/${batch.reference}`);
  const money = (minor: bigint) => formatMinor(minor, batch.currency, locale);
  const processing = batch.status === "processing";
  const hidden = <input type="hidden" name="reference" value={batch.reference} />;
  return (
    <>
      {processing ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(NO_SCRIPT_REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <p>
        <a href={path("/batches")}>{tb("heading")}</a>
      </p>
      <h1>{batch.title ?? tb("batch.heading")}</h1>
      <dl className="dash-fields dash-card" data-testid="batch-summary">
        <dt>{tb("list.reference")}</dt>
        <dd>{batch.reference}</dd>
        <dt>{tb("batch.status")}</dt>
        <dd>
          <span className={`badge badge-${batch.status}`} data-testid="batch-status">
            {tb(`status.${batch.status}`)}
          </span>
        </dd>
        <dt>{tb("batch.lines")}</dt>
        <dd>{batch.lineCount}</dd>
        <dt>{tb("totals.amount")}</dt>
        <dd>{money(batch.amountMinor)}</dd>
        <dt>{tb("totals.fees")}</dt>
        <dd>{money(batch.feesMinor)}</dd>
        <dt>{tb("totals.total")}</dt>
        <dd>
          <strong>{money(batch.amountMinor + batch.feesMinor)}</strong>
        </dd>
        <dt>{tb("batch.createdBy")}</dt>
        <dd>{page.makerName ?? (batch.createdByApiKeyId ? tb("batch.byKey") : tb("batch.someone"))}</dd>
        <dt>{tb("batch.created")}</dt>
        <dd>{formatTime(batch.createdAt, locale, member.timeZone)}</dd>
        {batch.approvedAt ? (
          <>
            <dt>{tb("batch.approvedBy")}</dt>
            <dd>{page.approverName ?? (batch.approvedByApiKeyId ? tb("batch.byKey") : tb("batch.someone"))}</dd>
            <dt>{tb("batch.approved")}</dt>
            <dd>{formatTime(batch.approvedAt, locale, member.timeZone)}</dd>
          </>
        ) : null}
        {batch.completedAt ? (
          <>
            <dt>{tb("batch.completed")}</dt>
            <dd>{formatTime(batch.completedAt, locale, member.timeZone)}</dd>
          </>
        ) : null}
        {page.retryOfReference ? (
          <>
            <dt>{tb("batch.retryOf")}</dt>
            <dd>
              <a href={path(`/batches/${page.retryOfReference}`)}>{page.retryOfReference}</a>
            </dd>
          </>
        ) : null}
      </dl>

      {page.approve === "yes" ? (
        <section className="dash-card" aria-labelledby="batch-approve">
          <h2 id="batch-approve">{tb("approve.heading")}</h2>
          <p data-testid="batch-approve-question">
            {tb("approve.question", { amount: money(batch.amountMinor), lines: batch.lineCount, fees: money(batch.feesMinor), total: money(batch.amountMinor + batch.feesMinor) })}
          </p>
          <dl className="dash-fields">
            <dt>{tb("totals.available")}</dt>
            <dd>{money(page.availableMinor)}</dd>
          </dl>
          <ActionForm action={approveBatchAction} submitLabel={tb("approve.submit")} pendingLabel={tb("approve.pending")} notice>
            {hidden}
            {page.askCode ? (
              <>
                <SecondFactorFields labels={{ code: tb("approve.code"), lostPhone: ta("signIn.lostPhone"), backupCode: ta("signIn.backupCode") }} />
                <FieldError name="code" />
              </>
            ) : null}
          </ActionForm>
        </section>
      ) : page.approve === "maker" ? (
        <p className="dash-hint" data-testid="batch-maker-wait">{tb("approve.makerWait")}</p>
      ) : page.approve === "role" ? (
        <p className="dash-hint">{tb("approve.noRight")}</p>
      ) : null}

      {batch.status === "awaiting_approval" && can(member.role, "transfers:request") ? (
        <ActionForm action={cancelBatchAction} submitLabel={tb("cancel.submit")} className="dash-form dash-inline" notice>
          {hidden}
        </ActionForm>
      ) : null}

      {batch.status === "completed_with_failures" && can(member.role, "transfers:request") && summary.counts.failed > 0 ? (
        <section className="dash-card" aria-label={tb("retry.submit")}>
          <p className="dash-hint">{tb("retry.help")}</p>
          <ActionForm action={retryFailedLinesAction} submitLabel={tb("retry.submit")} className="dash-form dash-inline">
            {hidden}
          </ActionForm>
        </section>
      ) : null}

      <p className="dash-actions">
        <a className="dash-button" href={`${href}/result.csv`} download data-testid="batch-result-csv">
          {tb("batch.result")}
        </a>
      </p>
      <RefreshWhilePending pending={processing} labels={{ live: tb("batch.live"), refresh: tb("batch.refresh") }} href={href} />
      <BatchLines page={page} tb={tb} labels={labels} locale={locale} timeZone={member.timeZone} nextHref={page.lines.hasMore ? `${href}?after=${page.lines.lines.at(-1)!.lineNumber}` : null} />
    </>
  );
}
