import type { DbClient } from "@/lib/db/client";
import { errorFields, log } from "@/lib/logging/log";
import { runDueWork, type DueWorkOptions } from "./run-due-work";

export type EmbeddedRunner = { stop: () => Promise<void> };

/**
 * The background work without Inngest: runDueWork every `intervalMs`, one pass at a time. It
 * holds no state of its own (everything is in the database), so a restarted process, or a second
 * one, simply carries on where the rows say.
 */
export function startEmbeddedRunner(options: { client: () => DbClient; intervalMs?: number } & DueWorkOptions): EmbeddedRunner {
  // Two loops: settling what is due, and webhook attempts, so neither waits for the other's backlog.
  const loops = [startLoop({ ...options, parts: { settle: true, webhooks: false } }), startLoop({ ...options, parts: { settle: false, webhooks: true } })];
  return {
    async stop() {
      await Promise.all(loops.map((loop) => loop.stop()));
    },
  };
}

function startLoop(options: { client: () => DbClient; intervalMs?: number } & DueWorkOptions): EmbeddedRunner {
  const intervalMs = options.intervalMs ?? 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = () => {
    let backlog = false;
    running = runDueWork(options.client(), new Date(), options)
      .then((report) => {
        // A full batch of any kind means more is due now: go again at once instead of in a
        // second, so a burst (a thousand links expiring together) drains at the database's pace.
        backlog = report.backlog;
      })
      .catch((error) => log("error", "embedded runner pass failed", errorFields(error)))
      .finally(() => {
        if (!stopped) {
          timer = setTimeout(tick, backlog ? 0 : intervalMs);
          timer.unref();
        }
      });
  };
  timer = setTimeout(tick, intervalMs);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
