import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { DomainError, type LimitState } from "@/lib/core/errors/domain-error";
import { redisClient } from "./redis-client";

// Fixed-window limits from rate-limiter-flexible. In process by default; shared by every app
// process through Redis when REDIS_URL is set, with an in-memory "insurance" limiter so a Redis
// outage degrades to per-process limits instead of failing requests.
export type Limiter = { name: string; limiter: RateLimiterAbstract; points: number; duration: number };

// The limiters' callers (the API's limits, sign-in) take the type from here, with the limiters.
export type { LimitState };

const KEY_PREFIX = process.env.RATE_LIMIT_PREFIX || "pcs-rl";

export function createLimiter(name: string, points: number, durationSeconds: number): Limiter {
  const options = { points, duration: durationSeconds, keyPrefix: `${KEY_PREFIX}:${name}` };
  const redis = redisClient();
  const limiter = redis
    ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) })
    : new RateLimiterMemory(options);
  return { name, limiter, points, duration: durationSeconds };
}

export const secondsUntil = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** The 429 of docs/decisions.md: Retry-After and the RateLimit-* headers of the limit that refused. */
export function limitReached(limit: number, retryAfterSeconds: number, details: string): DomainError {
  return new DomainError("limited", { rule: "rate_limited", details, retryAfterSeconds, rateLimit: { limit, remaining: 0, resetSeconds: retryAfterSeconds } });
}

/** Spends one point for key, or throws limitReached's 429. */
export async function consume(limit: Limiter, key: string): Promise<LimitState> {
  try {
    const res = await limit.limiter.consume(key);
    return { limit: limit.points, remaining: Math.max(0, res.remainingPoints), resetSeconds: secondsUntil(res) };
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const reset = secondsUntil(rejection);
    throw limitReached(limit.points, reset, `Limit of ${limit.points} requests per ${limit.duration} s reached; retry in ${reset} s`);
  }
}

export function limitHeaders(state: LimitState): Record<string, string> {
  return {
    "ratelimit-limit": String(state.limit),
    "ratelimit-remaining": String(state.remaining),
    "ratelimit-reset": String(state.resetSeconds),
  };
}

/** Of the limits one request spent, the one to report: the fewest requests left, then the longest wait. */
export function mostRestrictive(states: LimitState[]): LimitState {
  return states.reduce((worst, state) =>
    state.remaining < worst.remaining || (state.remaining === worst.remaining && state.resetSeconds > worst.resetSeconds) ? state : worst,
  );
}

/**
 * The error with the RateLimit-* headers of state, so a refusal after the limit was spent still
 * tells the client where it stands; a 429 keeps its own (the limit that refused).
 */
export function withLimitHeaders(error: unknown, state: LimitState): unknown {
  if (!(error instanceof DomainError) || error.rateLimit) return error;
  return error.with({ rateLimit: state });
}

/** A positive integer from the environment, or the default. */
export function limitFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

const byConfig = new Map<string, Limiter>();

/** The limiter of that name, points and duration, made once (settings read on each use pass through here). */
export function limiterFor(name: string, points: number, durationSeconds: number): Limiter {
  const id = `${name}:${points}:${durationSeconds}`;
  let limiter = byConfig.get(id);
  if (!limiter) byConfig.set(id, (limiter = createLimiter(name, points, durationSeconds)));
  return limiter;
}

/** Forgets the limiters and their in-process counts: test files sharing a process each start afresh (tests/helpers/file-boundary.ts). */
export function forgetLimiters() {
  byConfig.clear();
}

/**
 * The limiter for the current value of an environment variable (read on each use, so a test can
 * change it), made once per value.
 */
export function envLimiter(name: string, variable: string, fallback: number, durationSeconds: number): Limiter {
  return limiterFor(name, limitFromEnv(variable, fallback), durationSeconds);
}
