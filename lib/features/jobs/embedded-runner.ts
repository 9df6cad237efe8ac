import { performance } from "node:perf_hooks";
import type { DbClient } from "@/lib/core/db/client";
import { errorFields, log } from "@/lib/core/logging/log";
import { onDeliveriesDue } from "@/lib/features/webhooks/deliveries-due-signal";
import { runDueWork, type DueWorkOptions, type DueWorkReport } from "./run-due-work";
import { runnerBeat } from "./runner-heartbeat";

export type EmbeddedRunner = { stop: () => Promise<void> };

/**
 * The background work without Inngest: runDueWork every `intervalMs`, one pass at a time. It
 * holds no state of its own (everything is in the database), so a restarted process, or a second
 * one, simply carries on where the rows say.
 */
export function startEmbeddedRunner(options: { client: () => DbClient; intervalMs?: number } & DueWorkOptions): EmbeddedRunner {
  // Two loops: settling what is due, and webhook attempts, so neither waits for the other's backlog.
  // The webhook loop also wakes when this process commits new deliveries (deliveriesDue).
  runnerBeat();
  const settle = startLoop({ ...options, parts: { settle: true, webhooks: false } });
  const webhooks = startLoop({ ...options, parts: { settle: false, webhooks: true } });
  const unsubscribe = onDeliveriesDue(webhooks.wake);
  return {
    async stop() {
      unsubscribe();
      await Promise.all([settle.stop(), webhooks.stop()]);
    },
  };
}

/**
 * Over this share of the last wait spent running JavaScript, the process counts as busy: serving
 * requests at the pace of its cores (a link create load keeps it at 0.9 and more).
 */
export const BUSY_UTILIZATION = 0.8;
/** How many intervals a busy process's loop waits at most after passes that found nothing. */
export const BUSY_BACKOFF_MAX = 4;

/** A pass that found nothing to do (a full batch of anything counts as something). */
const foundNothing = (report: DueWorkReport) =>
  !report.backlog &&
  report.linksExpired + report.depositsSettled + report.transfersSettled + report.refundsSettled + report.deliveriesAttempted + report.receiptsSent + report.paymentAlertsSent + report.eventsDeleted === 0;

/**
 * The wait before the next pass. A pass with nothing due still costs a dozen statements through
 * Prisma (whose query compiler runs in WebAssembly, ~1 ms of CPU each): on a process answering
 * API requests as fast as its cores allow, that was a few percent of each request's CPU and a
 * stall of the event loop every second (bench/README.md, issue 38). So while the process is busy
 * and the passes come back empty, each waits twice the last, up to BUSY_BACKOFF_MAX intervals;
 * any work found, a quiet moment or a wake (this process's own new deliveries) brings the
 * interval back. Work that only time makes due (an expiry, a retry) may wait that much longer
 * under load, never more.
 */
export function nextWait(intervalMs: number, lastWaitMs: number, busy: boolean, report: DueWorkReport | null): number {
  if (!busy || !report || !foundNothing(report)) return intervalMs;
  return Math.min(intervalMs * BUSY_BACKOFF_MAX, Math.max(intervalMs, lastWaitMs * 2));
}

function startLoop(options: { client: () => DbClient; intervalMs?: number } & DueWorkOptions): EmbeddedRunner & { wake: () => void } {
  const intervalMs = options.intervalMs ?? 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  // A wake during a pass: new work may have been committed after the pass claimed its batch.
  let wokenWhileBusy = false;
  // The event loop's utilization since the last pass ended (the wait), and that wait's length.
  let utilization = performance.eventLoopUtilization();
  let wait = intervalMs;

  const tick = () => {
    const processBusy = performance.eventLoopUtilization(utilization).utilization > BUSY_UTILIZATION;
    busy = true;
    wokenWhileBusy = false;
    runnerBeat();
    let found: DueWorkReport | null = null;
    running = runDueWork(options.client(), new Date(), options)
      .then((report) => {
        found = report;
      })
      .catch((error) => log("error", "embedded runner pass failed", errorFields(error)))
      .finally(() => {
        busy = false;
        runnerBeat();
        if (!stopped) {
          // A full batch of any kind means more is due now: go again at once instead of in a
          // second, so a burst (a thousand links expiring together) drains at the database's pace.
          const again = wokenWhileBusy || (found as DueWorkReport | null)?.backlog === true;
          wait = again ? intervalMs : nextWait(intervalMs, wait, processBusy, found);
          utilization = performance.eventLoopUtilization();
          timer = setTimeout(tick, again ? 0 : wait);
          timer.unref();
        }
      });
  };
  timer = setTimeout(tick, intervalMs);
  timer.unref();

  return {
    wake() {
      if (stopped) return;
      if (busy) {
        wokenWhileBusy = true;
        return;
      }
      clearTimeout(timer);
      wait = intervalMs;
      timer = setTimeout(tick, 0);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
