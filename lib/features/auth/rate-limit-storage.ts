import type { BetterAuthRateLimitOptions } from "better-auth";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { redisClient } from "@/lib/core/limits/redis-client";

type Rule = { window: number; max: number };
type Storage = NonNullable<BetterAuthRateLimitOptions["customStorage"]>;

/**
 * better-auth's sign-in, sign-up and password-reset limits, shared by every app process through
 * Redis when REDIS_URL is set (in process otherwise, as better-auth keeps them by default).
 *
 * Not better-auth's `secondaryStorage`: in 1.7 that store also takes the sessions and the
 * verification tokens, and a session read from Redis first would outlive a revocation written
 * straight to the database (lib/features/staff/change-password.ts does). Its `customStorage` holds only
 * the limits. The counting is rate-limiter-flexible's, as for the API's own limits
 * (lib/core/limits/rate-limit.ts), with the same in-memory insurance while Redis is unreachable.
 */
export function authRateLimitStorage(): Storage | undefined {
  const redis = redisClient();
  if (!redis) return undefined;
  const prefix = `${process.env.RATE_LIMIT_PREFIX || "pcs-rl"}:auth`;
  // better-auth passes each path's own rule: one limiter per rule, made on first use.
  const limiters = new Map<string, RateLimiterRedis>();
  const limiterFor = ({ window, max }: Rule) => {
    const name = `${window}s:${max}`;
    let limiter = limiters.get(name);
    if (!limiter) {
      const options = { points: max, duration: window, keyPrefix: `${prefix}:${name}` };
      limiter = new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) });
      limiters.set(name, limiter);
    }
    return limiter;
  };
  return {
    async consume(key, rule) {
      try {
        await limiterFor(rule).consume(key);
        return { allowed: true, retryAfter: null };
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        return { allowed: false, retryAfter: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
      }
    },
  };
}
