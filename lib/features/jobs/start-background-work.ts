import { db } from "@/lib/core/db/client";
import { log } from "@/lib/core/logging/log";
import { startEmbeddedRunner } from "./embedded-runner";
import { inngestConfigured } from "@/lib/integrations/inngest/inngest-configured";

const globalForRunner = globalThis as unknown as { __pcsRunnerStarted?: boolean };

/**
 * Called once per server process (instrumentation.ts). With Inngest configured, Inngest calls
 * /api/inngest and nothing runs here; otherwise the embedded runner starts, once, even if
 * dev-mode reloads call this again.
 */
export function startBackgroundWork() {
  if (inngestConfigured()) {
    log("info", "background work runs on Inngest via /api/inngest");
    return;
  }
  if (globalForRunner.__pcsRunnerStarted) return;
  globalForRunner.__pcsRunnerStarted = true;
  startEmbeddedRunner({ client: db });
  log("info", "embedded job runner started: expiries and webhooks every second");
}
