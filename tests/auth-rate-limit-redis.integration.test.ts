import { describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { ORIGIN } from "./helpers/api-client";
import { uniqueEmail } from "./helpers/auth-session";
import { isRedisUp, redisUrl } from "./helpers/redis-up";

// better-auth's own limits (3 sign-in attempts per 10 s and address) shared by two app processes
// through the real Redis when REDIS_URL is set. Two auth modules loaded apart (vi.resetModules)
// stand for two processes: each has its own better-auth instance and its own Redis connection.
const redisUp = await isRedisUp();

type AuthModule = typeof import("@/lib/auth/auth");
type RedisModule = typeof import("@/lib/http/redis-client");

async function loadProcess(): Promise<{ auth: ReturnType<AuthModule["createAuth"]>; redis: RedisModule }> {
  vi.resetModules();
  const { createAuth } = (await import("@/lib/auth/auth")) as AuthModule;
  const redis = (await import("@/lib/http/redis-client")) as RedisModule;
  const client = redis.redisClient()!;
  // Until the connection is up the in-memory insurance limiter answers: wait for it.
  if (client.status !== "ready") await new Promise((resolve) => client.once("ready", resolve));
  return { auth: createAuth(db(), { rateLimitEnabled: true }), redis };
}

const signIn = (auth: { handler: (request: Request) => Promise<Response> }, email: string, ip: string) =>
  auth.handler(
    new Request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ email, password: "not the password at all" }),
    }),
  );

describe.skipIf(!redisUp)("better-auth's limits in Redis when REDIS_URL is set", () => {
  it("two processes share one sign-in count per address", async () => {
    const prefix = `pcs-test-auth-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    vi.stubEnv("REDIS_URL", redisUrl);
    vi.stubEnv("RATE_LIMIT_PREFIX", prefix);
    const first = await loadProcess();
    const second = await loadProcess();
    try {
      expect(first.redis.redisClient()).not.toBe(second.redis.redisClient());
      const email = uniqueEmail("limited");
      const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
      // Three attempts, spread over both processes, are answered (wrong password)...
      expect((await signIn(first.auth, email, ip)).status).toBe(401);
      expect((await signIn(second.auth, email, ip)).status).toBe(401);
      expect((await signIn(first.auth, email, ip)).status).toBe(401);
      // ...the fourth is refused by whichever process gets it, and another address is not.
      const refused = await signIn(second.auth, email, ip);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("x-retry-after"))).toBeGreaterThan(0);
      expect((await signIn(first.auth, email, ip)).status).toBe(429);
      expect((await signIn(first.auth, email, "198.51.100.7")).status).toBe(401);
      // The count lives in Redis under the configured prefix, not in either process.
      const keys = await first.redis.redisClient()!.keys(`${prefix}:auth:*`);
      expect(keys.length).toBeGreaterThan(0);
    } finally {
      const keys = await first.redis.redisClient()!.keys(`${prefix}:*`);
      if (keys.length) await first.redis.redisClient()!.del(...keys);
      first.redis.redisClient()?.disconnect();
      second.redis.redisClient()?.disconnect();
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});

describe("without REDIS_URL", () => {
  it("keeps better-auth's own in-process limits", async () => {
    vi.stubEnv("REDIS_URL", "");
    vi.resetModules();
    const { authRateLimitStorage } = await import("@/lib/auth/rate-limit-storage");
    expect(authRateLimitStorage()).toBeUndefined();
    vi.unstubAllEnvs();
    vi.resetModules();
  });
});
