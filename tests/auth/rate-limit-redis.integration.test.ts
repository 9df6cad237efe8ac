import { describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { withClientAddress } from "@/lib/core/request/client-address";
import { ORIGIN } from "../helpers/api-client";
import { uniqueEmail } from "../helpers/auth-session";
import { isRedisUp, redisUrl } from "../helpers/redis-up";

// The sign-in limits (lib/features/auth/sign-in-limits.ts) and better-auth's own (on its other routes, e.g.
// 3 two-factor codes per 10 s and address) shared by two app processes through the real Redis when
// REDIS_URL is set. Two auth modules loaded apart (vi.resetModules) stand for two processes: each
// has its own better-auth instance, its own limiters and its own Redis connection.
const redisUp = await isRedisUp();

type AuthModule = typeof import("@/lib/features/auth/auth");
type RedisModule = typeof import("@/lib/core/limits/redis-client");

async function loadProcess(): Promise<{ auth: ReturnType<AuthModule["createAuth"]>; redis: RedisModule }> {
  vi.resetModules();
  const { createAuth } = (await import("@/lib/features/auth/auth")) as AuthModule;
  const redis = (await import("@/lib/core/limits/redis-client")) as RedisModule;
  const client = redis.redisClient()!;
  // Until the connection is up the in-memory insurance limiter answers: wait for it.
  if (client.status !== "ready") await new Promise((resolve) => client.once("ready", resolve));
  return { auth: createAuth(db(), { rateLimitEnabled: true }), redis };
}

type Process = Awaited<ReturnType<typeof loadProcess>>;

const post = (process: Process, path: string, body: unknown, ip: string) =>
  process.auth.handler(
    new Request(`${ORIGIN}/api/auth${path}`, {
      method: "POST",
      // As the route hands it over (app/api/auth/[...all]/route.ts): with the client's address.
      headers: withClientAddress(new Headers({ origin: ORIGIN, "content-type": "application/json", "x-forwarded-for": ip })),
      body: JSON.stringify(body),
    }),
  );
const signIn = (process: Process, email: string, ip: string) => post(process, "/sign-in/email", { email, password: "not the password at all" }, ip);

let n = 0;
const newIp = () => `203.0.113.${(++n % 250) + 1}`;

/** Two processes on one Redis under a prefix of their own, cleared and disconnected after `run`. */
async function twoProcesses(run: (first: Process, second: Process, prefix: string) => Promise<void>) {
  const prefix = `pcs-test-auth-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  vi.stubEnv("REDIS_URL", redisUrl);
  vi.stubEnv("RATE_LIMIT_PREFIX", prefix);
  const first = await loadProcess();
  const second = await loadProcess();
  try {
    expect(first.redis.redisClient()).not.toBe(second.redis.redisClient());
    await run(first, second, prefix);
  } finally {
    const keys = await first.redis.redisClient()!.keys(`${prefix}:*`);
    if (keys.length) await first.redis.redisClient()!.del(...keys);
    first.redis.redisClient()?.disconnect();
    second.redis.redisClient()?.disconnect();
    vi.unstubAllEnvs();
    vi.resetModules();
  }
}

describe.skipIf(!redisUp)("limits in Redis when REDIS_URL is set", () => {
  it("two processes share one account's wrong-password count, whatever the address", () =>
    twoProcesses(async (first, second, prefix) => {
      vi.stubEnv("SIGN_IN_LOCK_FIRST_SECONDS", "60");
      // From five addresses: the account-wide count (lib/features/auth/sign-in-limits.ts), made as small as the per-address one.
      vi.stubEnv("SIGN_IN_FREE_FAILURES_PER_ACCOUNT_WIDE", "5");
      const email = uniqueEmail("limited");
      // Five wrong passwords, spread over both processes and five addresses, are answered...
      for (let i = 0; i < 5; i++) expect((await signIn(i % 2 ? second : first, email, newIp())).status).toBe(401);
      // ...then the account waits, in whichever process the next attempt lands.
      for (const process of [first, second]) {
        const refused = await signIn(process, email, newIp());
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(50);
      }
      expect(await first.redis.redisClient()!.keys(`${prefix}:sign-in-account-*`)).not.toHaveLength(0);
    }));

  it("two processes share one address's sign-in count", () =>
    twoProcesses(async (first, second, prefix) => {
      vi.stubEnv("SIGN_IN_ATTEMPTS_PER_15_MIN_PER_IP", "3");
      const ip = newIp();
      for (const process of [first, second, first]) expect((await signIn(process, uniqueEmail("guess"), ip)).status).toBe(401);
      expect((await signIn(second, uniqueEmail("guess"), ip)).status).toBe(429);
      expect((await signIn(first, uniqueEmail("guess"), ip)).status).toBe(429);
      expect((await signIn(first, uniqueEmail("guess"), newIp())).status).toBe(401);
      expect(await first.redis.redisClient()!.keys(`${prefix}:sign-in-ip*`)).not.toHaveLength(0);
    }));

  it("two processes share better-auth's own count on its other routes (two-factor codes: 3 per 10 s and address)", () =>
    twoProcesses(async (first, second, prefix) => {
      const ip = newIp();
      const code = (process: Process) => post(process, "/two-factor/verify-totp", { code: "000000" }, ip);
      for (const process of [first, second, first]) expect((await code(process)).status).not.toBe(429);
      const refused = await code(second);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("x-retry-after"))).toBeGreaterThan(0);
      expect(await first.redis.redisClient()!.keys(`${prefix}:auth:*`)).not.toHaveLength(0);
    }));
});

describe("without REDIS_URL", () => {
  it("keeps better-auth's own in-process limits", async () => {
    vi.stubEnv("REDIS_URL", "");
    vi.resetModules();
    const { authRateLimitStorage } = await import("@/lib/features/auth/rate-limit-storage");
    expect(authRateLimitStorage()).toBeUndefined();
    vi.unstubAllEnvs();
    vi.resetModules();
  });
});
