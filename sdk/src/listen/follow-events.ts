import type { Event as EventJson } from "../types.js";
import { SandboxApiError, type SandboxApi } from "./sandbox-api.js";

export type FollowOptions = {
  api: SandboxApi;
  /** Only these types (the API filters them). */
  types?: string[];
  intervalMs?: number;
  /**
   * How far back each poll looks again. An event's time is taken inside the transaction that
   * records it, and a slower transaction can commit after a later one was already listed: it
   * would sit behind any cursor. Each poll therefore asks for everything of the last
   * `lookbackMs` (by the server's clock, from its Date header) and skips the ids already seen.
   */
  lookbackMs?: number;
  signal: AbortSignal;
  /** Called once the events that existed at start are known: what comes after is new. */
  onReady?: () => void;
  onEvent: (event: EventJson) => Promise<void>;
  /** A poll failed for a reason that may pass (network, 5xx, 429): it is tried again. */
  onPollError?: (error: Error) => void;
};

const PAGE = "100";
/** A poll reads at most this many pages; the rest waits for the next one. */
const MAX_PAGES = 10;

const createdAtMs = (event: EventJson) => Date.parse(`${event.createdAt}Z`);

function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

/** A refusal that polling again will not cure: a bad key, a missing scope, a bad filter. */
const fatal = (error: unknown) => error instanceof SandboxApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

/**
 * Follows the merchant's sandbox events from now on, by polling GET /api/v4/events, and hands
 * each new one to `onEvent` once, oldest first. Resolves when `signal` aborts; rejects on a
 * refusal that retrying cannot fix (401, 403, 400).
 */
export async function followEvents(options: FollowOptions): Promise<void> {
  const { api, signal } = options;
  const intervalMs = options.intervalMs ?? 1000;
  const lookbackMs = options.lookbackMs ?? 30_000;
  const typeQuery: Record<string, string> = options.types?.length ? { type: options.types.join(",") } : {};
  const seen = new Map<string, number>();

  /** Every event created after `since - lookbackMs`, and the server's time of the first answer. */
  async function window(since: number) {
    const events: EventJson[] = [];
    let serverTime: Date | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const cursor: Record<string, string> = events.length ? { startingAfter: events[events.length - 1].id } : {};
      const { body, serverTime: date } = await api.listEvents({ limit: PAGE, ...typeQuery, createdAfter: new Date(since - lookbackMs).toISOString(), ...cursor });
      serverTime ??= date;
      events.push(...body.data);
      if (!body.hasMore) break;
    }
    return { events, serverTime };
  }

  // "Now" is the server's: one read for its clock, then what already exists is marked as seen.
  const first = await api.listEvents({ limit: "1", ...typeQuery });
  let since = first.serverTime?.getTime() ?? Date.now();
  for (const event of (await window(since)).events) seen.set(event.id, createdAtMs(event));
  options.onReady?.();

  while (!signal.aborted) {
    await sleep(intervalMs, signal);
    if (signal.aborted) break;
    try {
      const { events, serverTime } = await window(since);
      const fresh = events.filter((e) => !seen.has(e.id)).sort((x, y) => (x.id < y.id ? -1 : 1));
      for (const event of fresh) {
        seen.set(event.id, createdAtMs(event));
        await options.onEvent(event);
      }
      if (serverTime) since = Math.max(since, serverTime.getTime());
      // Ids older than any window still to come can go.
      for (const [id, at] of seen) if (at < since - 2 * lookbackMs) seen.delete(id);
    } catch (error) {
      if (fatal(error)) throw error;
      options.onPollError?.(error as Error);
    }
  }
}
