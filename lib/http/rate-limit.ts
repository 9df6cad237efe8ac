import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { ApiError } from "./api-error";

// In-process limits for the unauthenticated checkout endpoints. (Per-key API limits and a
// Redis-shared store are the hardening issue's; these keep one customer or bot from hammering
// a link or guessing codes.)
export type Limiter = { name: string; limiter: RateLimiterMemory; points: number; duration: number };

export function createLimiter(name: string, points: number, durationSeconds: number): Limiter {
  return { name, limiter: new RateLimiterMemory({ points, duration: durationSeconds }), points, duration: durationSeconds };
}

/** Spends one point for key, or throws the DESIGN.md 429 with Retry-After and RateLimit-* headers. */
export async function consume(limit: Limiter, key: string) {
  try {
    await limit.limiter.consume(`${limit.name}:${key}`);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const reset = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw new ApiError(42900, "Too many requests", {
      details: `Limit of ${limit.points} requests per ${limit.duration} s reached; retry in ${reset} s`,
      headers: {
        "retry-after": String(reset),
        "ratelimit-limit": String(limit.points),
        "ratelimit-remaining": "0",
        "ratelimit-reset": String(reset),
      },
    });
  }
}

/** The client's address as the nearest proxy reports it. */
export function clientIp(request: Request): string {
  return request.headers.get("x-forwarded-for")?.split(",")[0].trim() || request.headers.get("x-real-ip") || "unknown";
}
