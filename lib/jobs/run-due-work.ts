import type { DbClient } from "@/lib/db/client";
import { syncDepositWithGateway } from "@/lib/deposits/sync-deposit-with-gateway";
import { sandboxAnswerDelayMs } from "@/lib/gateways/sandbox-simulator";
import { errorFields, log } from "@/lib/logging/log";
import { expireLink } from "@/lib/checkout/expire-link";
import { deleteExpiredEvents } from "@/lib/events/delete-expired-events";
import { sendDueTransfers } from "@/lib/transfers/send-due-transfers";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import type { WebhookSettings } from "@/lib/webhooks/webhook-settings";

export type DueWorkOptions = {
  /** Rows taken per kind per pass; the next pass takes the rest. */
  batchSize?: number;
  /** Webhook attempts in flight at once. */
  concurrency?: number;
  settings?: WebhookSettings;
};

export type DueWorkReport = { linksExpired: number; depositsSettled: number; transfersSettled: number; deliveriesAttempted: number; eventsDeleted: number };

async function inParallel<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await fn(item);
    }),
  );
}

/**
 * One pass over everything overdue, all of it found in the database: deposits past expiresAt or
 * whose sandbox phone has answered, then links past expiresAt still pending, transfers due to be sent
 * (DIRECT answers, SCHEDULED batches), and webhook attempts due.
 * Every change is conditional, so any number of passes (the embedded runner's loop in several
 * processes, Inngest's cron, a test) may overlap: each transition and each attempt happens once.
 */
/** How late a sandbox answer's timer may be before the sweep assumes it was lost. */
export const SANDBOX_TIMER_GRACE_MS = 5_000;

export async function runDueWork(client: DbClient, now = new Date(), options: DueWorkOptions = {}): Promise<DueWorkReport> {
  const batchSize = options.batchSize ?? 100;
  const report: DueWorkReport = { linksExpired: 0, depositsSettled: 0, transfersSettled: 0, deliveriesAttempted: 0, eventsDeleted: 0 };
  const guarded = async (what: string, id: string, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (error) {
      // One bad row must not stop the others; it is tried again on the next pass.
      log("error", `due work failed: ${what}`, { id, ...errorFields(error) });
    }
  };

  // Deposits first: an attempt the operator approved before its link's expiry must pay the link
  // before the link's expiry is recorded (e.g. after a restart that lost the sandbox timer).
  const deposits = [
    // Past expiry: one last status read first (syncDepositWithGateway), so a payment the operator
    // took is completed, never expired. A live deposit whose read failed waits for its next check.
    ...(await client.deposit.findMany({
      where: { status: "pending", expiresAt: { lte: now }, OR: [{ nextCheckAt: null }, { nextCheckAt: { lte: now } }] },
      orderBy: { expiresAt: "asc" },
      take: batchSize,
    })),
    // Live deposits due for a status read: the polling fallback behind operators' callbacks
    // (MTN sends one, once, unsigned; it may never come). Back-off in lib/domain/operator-polling.ts.
    ...(await client.deposit.findMany({
      where: { status: "pending", expiresAt: { gt: now }, nextCheckAt: { lte: now } },
      orderBy: { nextCheckAt: "asc" },
      take: batchSize,
    })),
    // The sandbox phone's answer is overdue: its in-process timer was lost to a restart. Not
    // merely due, or every pass would race the timers of the last second's deposits and
    // settle each of them twice over (the second a no-op, but a transaction all the same).
    ...(await client.deposit.findMany({
      where: {
        status: "pending",
        environment: "sandbox",
        paymentType: "DIRECT",
        flow: "classic",
        // The simulated phone dismisses a prompt the checkout replaced: nothing to take until it expires.
        supersededAt: null,
        expiresAt: { gt: now },
        createdAt: { lte: new Date(now.getTime() - sandboxAnswerDelayMs() - SANDBOX_TIMER_GRACE_MS) },
      },
      orderBy: { createdAt: "desc" },
      take: batchSize,
    })),
  ];
  for (const deposit of deposits) {
    await guarded("deposit sync", deposit.id, async () => {
      if ((await syncDepositWithGateway(client, deposit, now)).status !== "pending") report.depositsSettled++;
    });
  }

  const links = await client.paymentLink.findMany({
    where: { status: "pending", expiresAt: { lte: now } },
    select: { id: true },
    orderBy: { expiresAt: "asc" },
    take: batchSize,
  });
  for (const { id } of links) {
    await guarded("link expiry", id, async () => {
      if (await expireLink(client, { id, now })) report.linksExpired++;
    });
  }

  // DIRECT transfers whose operator answer is due and SCHEDULED ones whose batch has come
  // (MANUAL ones have no dueAt: an admin decides). Before the webhooks, so their events go out
  // in this pass.
  report.transfersSettled = (await sendDueTransfers(client, now, batchSize)).settled;

  const due = await client.webhookDelivery.findMany({
    where: { status: "pending", nextAttemptAt: { lte: now }, OR: [{ lockedUntil: null }, { lockedUntil: { lte: now } }] },
    select: { id: true },
    orderBy: { nextAttemptAt: "asc" },
    take: batchSize,
  });
  await inParallel(due, options.concurrency ?? 8, async ({ id }) => {
    await guarded("webhook attempt", id, async () => {
      const state = await attemptDelivery(client, { deliveryId: id, now, settings: options.settings });
      if (state.attempted) report.deliveriesAttempted++;
    });
  });

  // Retention of the events API (30 days), after the attempts: a delivery still pending keeps its event.
  await guarded("event retention", "-", async () => {
    report.eventsDeleted = await deleteExpiredEvents(client, now);
  });
  return report;
}
