import { PcsError } from "./errors.js";

// The API contract's retry guidance: 5xx answers, time-outs and 429 are temporary; retry with
// exponential back-off (1 s, 2 s, 4 s...) and stop after the fifth attempt; never retry other
// 4xx answers. A 429 or 503 says how long to wait in Retry-After, which wins over the back-off.
// One more temporary answer: 409/40020 while a request with the same Idempotency-Key is still
// running on the server (e.g. our previous attempt timed out on our side but not on theirs).

export type RetryOptions = {
  /** Attempts in all, the first included. Default 5. */
  maxAttempts?: number;
  /** First back-off delay; it doubles after each attempt. Default 1000 ms. */
  baseDelayMs?: number;
  /** Time-out of one attempt. Default 30 000 ms. */
  timeoutMs?: number;
};

const DEFAULTS = { maxAttempts: 5, baseDelayMs: 1000, timeoutMs: 30_000 } satisfies Required<RetryOptions>;

const sleep = (ms: number, signal: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** Retry-After in milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function isTemporary(response: Response, request: Request): boolean {
  if (response.status >= 500 || response.status === 429) return true;
  return response.status === 409 && request.headers.has("idempotency-key");
}

/**
 * A fetch that retries per the contract. The body is read once and sent again as is, with the
 * same headers, so an Idempotency-Key set by the caller is the same on every attempt.
 */
export function retryingFetch(options: RetryOptions = {}, baseFetch: typeof fetch = globalThis.fetch): (request: Request) => Promise<Response> {
  const { maxAttempts, baseDelayMs, timeoutMs } = { ...DEFAULTS, ...options };
  return async (request) => {
    const body = request.body ? await request.arrayBuffer() : undefined;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= maxAttempts;
      const backoff = baseDelayMs * 2 ** (attempt - 1);
      try {
        const signal = AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]);
        const response = await baseFetch(request.url, { method: request.method, headers: request.headers, body, signal });
        if (last || !isTemporary(response, request)) return response;
        await response.body?.cancel();
        await sleep(retryAfterMs(response.headers.get("retry-after")) ?? backoff, request.signal);
      } catch (error) {
        // The caller's own cancellation is final; a network error or our time-out is temporary.
        if (request.signal.aborted) throw error;
        if (last) {
          const message = `No answer from ${new URL(request.url).origin} after ${attempt} attempts`;
          throw new PcsError({ code: 0, status: 0, message, details: String((error as Error)?.message ?? error), cause: error });
        }
        await sleep(backoff, request.signal);
      }
    }
  };
}
