import type { Check } from "@/lib/core/db/readiness";
import { inngestConfigured } from "@/lib/integrations/inngest/inngest-configured";

// When the embedded runner (embedded-runner.ts) last showed signs of life, for the readiness probe:
// a runner whose loop stopped (a pass that never ends, a timer lost) leaves due work undone, and
// the process should stop being offered traffic it cannot finish. Kept on globalThis: the runner
// starts in the instrumentation's bundle, the probe answers in the API routes'.

type Heartbeat = { startedAt: number; lastBeatAt: number };
const globalForHeartbeat = globalThis as unknown as { __pcsRunnerHeartbeat?: Heartbeat };

/** A pass of the runner began or ended (or the runner started): it is alive now. */
export function runnerBeat(now = Date.now()) {
  const heartbeat = (globalForHeartbeat.__pcsRunnerHeartbeat ??= { startedAt: now, lastBeatAt: now });
  heartbeat.lastBeatAt = now;
}

/** Forgets the heartbeat (tests). */
export function forgetRunnerHeartbeat() {
  globalForHeartbeat.__pcsRunnerHeartbeat = undefined;
}

/**
 * Beyond this, a silent runner counts as stuck: a busy process waits up to 4 intervals (4 s)
 * between empty passes (embedded-runner.ts) and a pass that works a full batch of webhooks may
 * take their timeout (10 s) and some; a minute is far past both.
 */
export const RUNNER_SILENCE_MS = 60_000;

/** The last beat's age in ms, or null when the runner never started in this process. */
export function runnerSilenceMs(now = Date.now()): number | null {
  const heartbeat = globalForHeartbeat.__pcsRunnerHeartbeat;
  return heartbeat ? now - heartbeat.lastBeatAt : null;
}

/**
 * The due-work runner's part of readiness: with Inngest the jobs run there and nothing is expected
 * here; otherwise this process's runner must have started and beaten within RUNNER_SILENCE_MS.
 */
export function runnerReadiness(now = Date.now()): Check & { runner: "inngest" | "embedded" } {
  if (inngestConfigured()) return { ok: true, runner: "inngest" };
  const silence = runnerSilenceMs(now);
  if (silence === null) return { ok: false, runner: "embedded", reason: "not started" };
  if (silence > RUNNER_SILENCE_MS) return { ok: false, runner: "embedded", reason: `silent for ${Math.round(silence / 1000)} s` };
  return { ok: true, runner: "embedded" };
}
