import { allowedPrivateHosts } from "@/lib/core/network/callback-host";

// How webhooks are delivered, from the environment. Read at every use, so a test can change a
// variable between two calls, and an operator can without code changes.

/** docs/decisions.md: about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after each failure; then dead-lettered. */
export const DEFAULT_RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;
/** A merchant's endpoint must answer 2xx within this (docs/decisions.md). */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer an attempt keeps: enough to debug, bounded for storage. */
export const RESPONSE_EXCERPT_BYTES = 1024;

export type WebhookSettings = {
  /** Delay before retry n+1 after the n-th failure in a row; its length is the number of retries. */
  retryScheduleMs: number[];
  timeoutMs: number;
  /** `host` or `host:port` entries that may resolve to private addresses (development, tests). */
  allowedPrivateHosts: string[];
};

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isInteger(n) && n > 0 ? n : fallback;
}

export function webhookSettings(env: Record<string, string | undefined> = process.env): WebhookSettings {
  const parts = env.WEBHOOK_RETRY_SCHEDULE_MS?.trim() ? env.WEBHOOK_RETRY_SCHEDULE_MS.split(",").map((s) => s.trim()) : [];
  const schedule = parts.map(Number);
  const validSchedule = parts.length > 0 && parts.every((p, i) => p !== "" && Number.isInteger(schedule[i]) && schedule[i] >= 0);
  return {
    retryScheduleMs: validSchedule ? schedule : [...DEFAULT_RETRY_SCHEDULE_MS],
    timeoutMs: positiveInt(env.WEBHOOK_TIMEOUT_MS, DEFAULT_TIMEOUT_MS),
    allowedPrivateHosts: allowedPrivateHosts(env),
  };
}
