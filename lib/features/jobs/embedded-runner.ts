import type { DbClient } from "@/lib/core/db/client";
import { errorFields, log } from "@/lib/core/logging/log";
import { onDeliveriesDue } from "@/lib/features/webhooks/deliveries-due-signal";
import { runDueWork, type DueWorkOptions } from "./run-due-work";

export type EmbeddedRunner = { stop: () => Promise<void> };

/**
 * The background work without Inngest: runDueWork every `intervalMs`, one pass at a time. It
 * holds no state of its own (everything is in the database), so a restarted process, or a second
 * one, simply carries on where the rows say.
 */
export function startEmbeddedRunner(options: { client: () => DbClient; intervalMs?: number } & DueWorkOptions): EmbeddedRunner {
  // Two loops: settling what is due, and webhook attempts, so neither waits for the other's backlog.
  // The webhook loop also wakes when this process commits new deliveries (deliveriesDue).
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

function startLoop(options: { client: () => DbClient; intervalMs?: number } & DueWorkOptions): EmbeddedRunner & { wake: () => void } {
  const intervalMs = options.intervalMs ?? 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  // A wake during a pass: new work may have been committed after the pass claimed its batch.
  let wokenWhileBusy = false;

  const tick = () => {
    busy = true;
    wokenWhileBusy = false;
    let backlog = false;
    running = runDueWork(options.client(), new Date(), options)
      .then((report) => {
        // A full batch of any kind means more is due now: go again at once instead of in a
        // second, so a burst (a thousand links expiring together) drains at the database's pace.
        backlog = report.backlog;
      })
      .catch((error) => log("error", "embedded runner pass failed", errorFields(error)))
      .finally(() => {
        busy = false;
        if (!stopped) {
          timer = setTimeout(tick, backlog || wokenWhileBusy ? 0 : intervalMs);
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
