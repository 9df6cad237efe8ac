import { Prisma } from "@prisma/client";
import pLimit from "p-limit";
import { sqlOn, type DbClient } from "@/lib/core/db/client";
import { poolSize } from "@/lib/core/db/pg-pool";
import { syncDepositWithGateway } from "@/lib/features/deposits/sync-deposit-with-gateway";
import { SANDBOX_PHONE_ENDINGS, sandboxAnswerDelayMs } from "@/lib/integrations/gateways/sandbox-simulator";
import { errorFields, log } from "@/lib/core/logging/log";
import { inSpan, SpanKind } from "@/lib/core/tracing/tracing";
import { expireLink } from "@/lib/features/checkout/expire-link";
import { deleteExpiredEvents } from "@/lib/features/events/delete-expired-events";
import { deleteOldOperatorCalls } from "@/lib/features/monitoring/operator-availability";
import { deleteOldKeyUsage } from "@/lib/features/api-keys/key-usage";
import { reconcileOperatorOutcomes } from "@/lib/features/reconciliation/reconcile-operator-outcomes";
import { sendDueMoneyOut } from "@/lib/features/money-out/send-due-money-out";
import { REFUND_KIND } from "@/lib/features/refunds/refund-kind";
import { TRANSFER_KIND } from "@/lib/features/transfers/transfer-kind";
import { sendDueBatchLines } from "@/lib/features/transfers/batches/send-batch-lines";
import { attemptRecorder, claimDueDeliveries, sendAttempt } from "@/lib/features/webhooks/attempt-delivery";
import { settleSandboxAnswers } from "@/lib/features/deposits/settle-sandbox-answers";
import { sendDueReceipts } from "@/lib/features/receipts/send-receipt";
import { sendDuePaymentAlerts } from "@/lib/features/payment-alerts/send-payment-alerts";
import { claimDueRows } from "@/lib/core/db/claim-due-rows";
import { atOnce, eachDueRow } from "@/lib/core/db/each-due-row";
import type { WebhookSettings } from "@/lib/features/webhooks/webhook-settings";

export type DueWorkOptions = {
  /** Rows taken per kind per pass; the next pass takes the rest. */
  batchSize?: number;
  /** Deposits and links worked on at once, each holding a pool connection in its transactions. */
  concurrency?: number;
  /** Webhook attempts in flight at once (mostly waiting on the receiver, not the database). */
  webhookConcurrency?: number;
  settings?: WebhookSettings;
  /**
   * Which work this pass does (default all): settling what is due (deposits, links, sandbox
   * transfers and refunds), reading live operators' open outcomes (lib/features/reconciliation/: Inngest
   * runs it as a function of its own), and webhook attempts. The embedded runner runs settling
   * and webhooks in two loops, so a backlog of settlements never holds the deliveries back.
   */
  parts?: { settle?: boolean; reconcile?: boolean; webhooks?: boolean };
};

export type DueWorkReport = {
  linksExpired: number;
  depositsSettled: number;
  transfersSettled: number;
  refundsSettled: number;
  deliveriesAttempted: number;
  /** Receipt messages (SMS or e-mail) handed to a provider or recorded refused. */
  receiptsSent: number;
  /** Payment alerts to the merchants' members sent. */
  paymentAlertsSent: number;
  eventsDeleted: number;
  /** Some kind filled its batch: more is probably due already. */
  backlog: boolean;
};

/** `fn` over every item, `concurrency` at a time. */
async function inParallel<T>(items: T[], concurrency: number, fn: (item: T) => Promise<unknown>) {
  const limit = pLimit(concurrency);
  await Promise.all(items.map((item) => limit(() => fn(item))));
}

/**
 * Half the pool: the sweep keeps up without taking every connection from API requests. PGlite has
 * one connection, where more in flight only queue.
 */
function defaultConcurrency() {
  return Math.max(2, Math.floor(poolSize() / 2));
}

/**
 * Webhook attempts in flight per runner (WEBHOOK_CONCURRENCY, default 32). An attempt mostly waits
 * on the receiver (up to WEBHOOK_TIMEOUT_MS) and holds a pool connection only for the one
 * statement that records it, so many can wait at once without starving API requests.
 */
function webhookConcurrencyFromEnv() {
  const value = Number(process.env.WEBHOOK_CONCURRENCY);
  return Number.isInteger(value) && value > 0 ? value : 32;
}

/** How late a sandbox answer's timer may be before the sweep assumes it was lost. */
export const SANDBOX_TIMER_GRACE_MS = 5_000;

/**
 * The kinds of due deposits, in the order a pass settles them, each claimed in one statement
 * (lib/core/db/claim-due-rows.ts), so runners in several processes and machines share the work
 * instead of all doing all of it.
 */
export function dueDepositKinds(now: Date): { due: Prisma.Sql; orderBy: Prisma.Sql; sandboxAnswers: boolean }[] {
  const at = Prisma.sql`${now}::timestamp(3)`;
  return [
    // Past expiry: one last status read first (syncDepositWithGateway), so a payment the operator
    // took is completed, never expired. A live deposit whose read failed waits for its next check.
    // (Live deposits' reads before and after their expiry are the reconciliation's, below.)
    {
      due: Prisma.sql`"status" = 'pending' AND "expiresAt" <= ${at} AND ("nextCheckAt" IS NULL OR "nextCheckAt" <= ${at}) AND "heldReason" IS NULL`,
      orderBy: Prisma.sql`"expiresAt"`,
      sandboxAnswers: false,
    },
    // The sandbox phone's answer is overdue: its in-process timer was lost (a restart, a worker
    // that died). Not merely due, or every pass would race the timers of the last second's
    // deposits and settle each of them twice over (the second a no-op, but a transaction all the
    // same). A phone that never answers, or a prompt the checkout replaced (supersededAt), has
    // nothing to take until it expires: claimed anyway, a hundred of them would fill every batch
    // and keep every runner's loop spinning on them until then.
    {
      due: Prisma.sql`"status" = 'pending' AND "environment" = 'sandbox' AND "paymentType" = 'DIRECT' AND "flow" = 'classic'
        AND "supersededAt" IS NULL AND "expiresAt" > ${at} AND "customerPhone" NOT LIKE ${`%${SANDBOX_PHONE_ENDINGS.neverAnswers}`}
        AND "createdAt" <= ${new Date(now.getTime() - sandboxAnswerDelayMs() - SANDBOX_TIMER_GRACE_MS)}::timestamp(3)`,
      orderBy: Prisma.sql`"createdAt" DESC`,
      sandboxAnswers: true,
    },
  ];
}

/**
 * One pass over everything overdue, all of it found in the database: deposits past expiresAt or
 * whose sandbox phone has answered, then links past expiresAt still pending, transfers due to be sent
 * (DIRECT answers, SCHEDULED batches), webhook attempts due, and receipt messages due.
 * Every change is conditional, so any number of passes (the embedded runner's loop in several
 * processes, Inngest's cron, a test) may overlap: each transition and each attempt happens once.
 */
export async function runDueWork(client: DbClient, now = new Date(), options: DueWorkOptions = {}): Promise<DueWorkReport> {
  const batchSize = options.batchSize ?? 100;
  const concurrency = options.concurrency ?? defaultConcurrency();
  const report: DueWorkReport = { linksExpired: 0, depositsSettled: 0, transfersSettled: 0, refundsSettled: 0, deliveriesAttempted: 0, receiptsSent: 0, paymentAlertsSent: 0, eventsDeleted: 0, backlog: false };
  const guarded: Guarded = async (what, id, fn) => {
    try {
      // With tracing on, one row's work is a span ("job deposit sync"), its statements and operator
      // calls within it. The pass-wide parts ("-": reconciliation, receipts, retention) make none:
      // they run every pass in every worker, mostly finding nothing to do; nor does a batch that
      // claimed nothing (id "").
      await (id === "-" || id === "" ? fn() : traced(what, fn));
      return true;
    } catch (error) {
      // One bad row must not stop the others; its claim keeps it aside for a while (claim.failed).
      log("error", `due work failed: ${what}`, { id, ...errorFields(error) });
      return false;
    }
  };
  const at = Prisma.sql`${now}::timestamp(3)`;
  const { settle = true, reconcile = settle, webhooks = true } = options.parts ?? {};
  if (settle) await settleDue(client, now, at, batchSize, concurrency, report, guarded);
  if (reconcile) {
    await guarded("reconciliation", "-", async () => {
      const pass = await reconcileOperatorOutcomes(client, now, { batchSize });
      report.depositsSettled += pass.depositsSettled;
      report.transfersSettled += pass.transfersSettled;
      report.refundsSettled += pass.refundsSettled;
      if (pass.backlog) report.backlog = true;
    });
  }
  if (webhooks) {
    await deliverDue(client, now, batchSize, options, report, guarded);
    // The customers' receipt messages, like webhooks an outbox of messages after a commit.
    await guarded("receipts", "-", async () => {
      const receipts = await sendDueReceipts(client, now, batchSize);
      report.receiptsSent = receipts.sent;
      if (receipts.claimed === batchSize) report.backlog = true;
    });
    // The merchants' payment alerts (issue 51), the same kind of outbox.
    await guarded("payment alerts", "-", async () => {
      const alerts = await sendDuePaymentAlerts(client, now, batchSize);
      report.paymentAlertsSent = alerts.sent;
      if (alerts.claimed === batchSize) report.backlog = true;
    });
    // Retention of the events API (30 days), after the attempts: a delivery still pending keeps its event.
    await guarded("event retention", "-", async () => {
      report.eventsDeleted = await deleteExpiredEvents(client, now);
    });
    // The operator call log feeds the availability's last minutes: a day is kept.
    await guarded("operator call retention", "-", async () => {
      await deleteOldOperatorCalls(sqlOn(client), now);
    });
    // The API keys' hourly counts feed the merchant's last 24 hours: 30 days are kept.
    await guarded("api key usage retention", "-", async () => {
      await deleteOldKeyUsage(sqlOn(client), now);
    });
  }
  return report;
}

/** One row's work as a span ("job deposit sync") when tracing is on: its statements and operator calls within it. */
function traced<T>(what: string, fn: () => Promise<T>): Promise<T> {
  return inSpan(`job ${what}`, { kind: SpanKind.CONSUMER, attributes: { "pcs.job": what } }, fn);
}

/** Runs one row's work, logging what throws; false when it threw. */
type Guarded = (what: string, id: string, fn: () => Promise<void>) => Promise<boolean>;

async function settleDue(client: DbClient, now: Date, at: Prisma.Sql, batchSize: number, concurrency: number, report: DueWorkReport, guarded: Guarded) {

  // Deposits first: an attempt the operator approved before its link's expiry must pay the link
  // before the link's expiry is recorded (e.g. after a restart that lost the sandbox timer).
  for (const { sandboxAnswers, ...kind } of dueDepositKinds(now)) {
    const claim = await claimDueRows(client, "Deposit", { ...kind, limit: batchSize, now });
    if (claim.ids.length === batchSize) report.backlog = true;
    try {
      const deposits = claim.ids.length ? await client.deposit.findMany({ where: { id: { in: claim.ids } } }) : [];
      if (sandboxAnswers) {
        // Settled in batches, as their timers would have (lib/features/deposits/settle-sandbox-answers.ts).
        const settled = await guarded("sandbox answers", claim.ids.join(","), async () => {
          report.depositsSettled += await settleSandboxAnswers(client, deposits, now, (id, error) => {
            log("error", "due work failed: sandbox answer", { id, ...errorFields(error) });
            claim.failed(id);
          });
        });
        if (!settled) claim.ids.forEach(claim.failed);
        continue;
      }
      await inParallel(deposits, concurrency, async (deposit) => {
        const synced = await guarded("deposit sync", deposit.id, async () => {
          if ((await syncDepositWithGateway(client, deposit, now)).status !== "pending") report.depositsSettled++;
        });
        if (!synced) claim.failed(deposit.id);
      });
    } finally {
      await claim.release();
    }
  }

  const links = await eachDueRow(
    client,
    "PaymentLink",
    // Failed links too: they stay open for a retry until expiresAt, then expire like pending ones.
    { due: Prisma.sql`"status" IN ('pending', 'failed') AND "expiresAt" <= ${at}`, orderBy: Prisma.sql`"expiresAt"`, limit: batchSize, now },
    {
      pace: atOnce(concurrency),
      work: ({ id }) => traced("link expiry", () => expireLink(client, { id, now })),
      failed: ({ id }, error) => log("error", "due work failed: link expiry", { id, ...errorFields(error) }),
    },
  );
  report.linksExpired += links.counted;
  if (links.claimed === batchSize) report.backlog = true;

  // Batches' lines first, in either environment, at each operator's pace (lib/features/transfers/batches).
  const batchLines = await sendDueBatchLines(client, now);
  report.transfersSettled += batchLines.settled;
  if (batchLines.claimed === 500) report.backlog = true;

  // Sandbox DIRECT transfers whose simulated answer is due and SCHEDULED ones whose batch has come
  // (MANUAL ones have no dueAt: an admin decides), and sandbox refunds; live ones are the
  // reconciliation's. Before the webhooks, so their events go out in this pass.
  const transfers = await sendDueMoneyOut(client, TRANSFER_KIND, { now, batchSize, environment: "sandbox" });
  report.transfersSettled += transfers.settled;
  const refunds = await sendDueMoneyOut(client, REFUND_KIND, { now, batchSize, environment: "sandbox" });
  report.refundsSettled = refunds.settled;
  if (transfers.claimed === batchSize || refunds.claimed === batchSize) report.backlog = true;
}

async function deliverDue(client: DbClient, now: Date, batchSize: number, options: DueWorkOptions, report: DueWorkReport, guarded: Guarded) {
  const webhookConcurrency = options.webhookConcurrency ?? webhookConcurrencyFromEnv();
  // One statement claims the batch with its events and secrets; the attempts are recorded as
  // they finish, many per statement (attemptRecorder).
  const due = await claimDueDeliveries(client, { now, limit: batchSize, concurrency: webhookConcurrency, settings: options.settings });
  if (due.deliveries.length === batchSize) report.backlog = true;
  const recorder = attemptRecorder(client);
  await inParallel(due.deliveries, webhookConcurrency, (delivery) =>
    guarded("webhook attempt", delivery.id, async () => {
      if (await recorder.record(await sendAttempt(delivery, due.claimToken, now, options.settings))) report.deliveriesAttempted++;
    }),
  );
}
