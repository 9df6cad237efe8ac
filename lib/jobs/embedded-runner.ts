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
  const intervalMs = options.intervalMs ?? 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = () => {
    running = runDueWork(options.client(), new Date(), options)
      .then(() => undefined)
      .catch((error) => log("error", "embedded runner pass failed", errorFields(error)))
      .finally(() => {
        if (!stopped) {
          timer = setTimeout(tick, intervalMs);
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
