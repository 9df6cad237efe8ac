import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createStaff } from "@/lib/features/staff/create-staff";
import { db } from "@/lib/core/db/client";
import { consume, createLimiter } from "@/lib/core/limits/rate-limit";
import { call } from "../helpers/api-client";
import { newMerchant, validDeposit } from "../helpers/fixtures";
import { isRedisUp, redisUrl } from "../helpers/redis-up";
import { contractError } from "../helpers/contract-error";

// The suite lifts the limits (vitest.config.ts); these tests set low ones. The limiters read
// their variables on each use, so a stubbed value applies to the next request.
let merchant: Awaited<ReturnType<typeof newMerchant>>;
let ip = 0;
const newIp = () => `10.99.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  merchant = await newMerchant();
});

afterEach(() => {
  vi.unstubAllEnvs();
});

/** `rule`: the checkout page's own API names the refusal's rule in its errors (RouteConfig.refusalInBody); the merchant API's envelope is the spec's alone. */
function expect429(res: { status: number; body: any; headers: Headers }, limit: number, rule?: string) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ error: { code: 42900, message: "Too many requests", details: expect.any(String), ...(rule ? { rule } : {}) } });
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(res.headers.get("ratelimit-limit")).toBe(String(limit));
  expect(res.headers.get("ratelimit-remaining")).toBe("0");
  expect(Number(res.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
  expect(res.headers.get("cache-control")).toBe("no-store");
}

describe("per API key", () => {
  it("counts down on every answer, then answers 429 with Retry-After", async () => {
    vi.stubEnv("SANDBOX_API_REQUESTS_PER_MINUTE_PER_KEY", "3");
    const { sandboxKey } = await newMerchant();
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call("GET", "/test/public/gateways/deposit/list", { key: sandboxKey });
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-limit")).toBe("3");
      remaining.push(res.headers.get("ratelimit-remaining"));
    }
    expect(remaining).toEqual(["2", "1", "0"]);
    expect429(await call("GET", "/test/public/gateways/deposit/list", { key: sandboxKey }), 3);
    // Another key of the same address is not affected: the count is the key's.
    expect((await call("GET", "/test/public/gateways/deposit/list", { key: merchant.sandboxKey })).status).toBe(200);
  });

  it("a refused creating request writes nothing", async () => {
    vi.stubEnv("SANDBOX_API_REQUESTS_PER_MINUTE_PER_KEY", "1");
    const { id, sandboxKey } = await newMerchant();
    const body = { amount: 5000, currency: "XOF", description: "Limited" };
    expect((await call("POST", "/test/api/v4/payments/link", { key: sandboxKey, body })).status).toBe(200);
    const refused = await call("POST", "/test/api/v4/payments/link", { key: sandboxKey, body });
    expect429(refused, 1);
    expect(await db().paymentLink.count({ where: { merchantId: id } })).toBe(1);
  });

  it("a refused request that spent a point says so too", async () => {
    vi.stubEnv("SANDBOX_API_REQUESTS_PER_MINUTE_PER_KEY", "5");
    const { sandboxKey } = await newMerchant();
    const invalid = await call("POST", "/test/api/v4/payments/link", { key: sandboxKey, body: { amount: "x" } });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("ratelimit-limit")).toBe("5");
    expect(invalid.headers.get("ratelimit-remaining")).toBe("4");
  });

  it("the sandbox and production have their own limits", async () => {
    vi.stubEnv("SANDBOX_API_REQUESTS_PER_MINUTE_PER_KEY", "1");
    vi.stubEnv("API_REQUESTS_PER_MINUTE_PER_KEY", "2");
    const { sandboxKey, liveKey } = await newMerchant();
    expect((await call("GET", "/test/public/gateways/deposit/list", { key: sandboxKey })).status).toBe(200);
    expect429(await call("GET", "/test/public/gateways/deposit/list", { key: sandboxKey }), 1);
    expect((await call("GET", "/public/gateways/deposit/list", { key: liveKey })).status).toBe(200);
    expect((await call("GET", "/public/gateways/deposit/list", { key: liveKey })).status).toBe(200);
    expect429(await call("GET", "/public/gateways/deposit/list", { key: liveKey }), 2);
  });
});

describe("per client address, without a key", () => {
  it("limits the public gateway list per address", async () => {
    vi.stubEnv("API_REQUESTS_PER_MINUTE_PER_IP", "2");
    const headers = { "x-forwarded-for": newIp() };
    expect((await call("GET", "/public/gateways/deposit/list", { headers })).headers.get("ratelimit-remaining")).toBe("1");
    expect((await call("GET", "/public/gateways/deposit/list", { headers })).status).toBe(200);
    expect429(await call("GET", "/public/gateways/deposit/list", { headers }), 2);
    expect((await call("GET", "/public/gateways/deposit/list", { headers: { "x-forwarded-for": newIp() } })).status).toBe(200);
  });

  it("limits checkout reads per address through the wrapper as well", async () => {
    vi.stubEnv("SANDBOX_API_REQUESTS_PER_MINUTE_PER_IP", "1");
    const headers = { "x-forwarded-for": newIp() };
    expect((await call("GET", "/test/api/checkout/LINK_NOPE", { headers })).status).toBe(404);
    expect429(await call("GET", "/test/api/checkout/LINK_NOPE", { headers }), 1, "rate_limited");
  });
});

describe("the client address (server/front-door.cjs appends the socket's address last)", () => {
  const through = (socket: string, forged?: string) => ({ "x-forwarded-for": forged ? `${forged}, ${socket}` : socket });

  it("a forged X-Forwarded-For does not escape the limit: the socket's address keys it", async () => {
    vi.stubEnv("API_REQUESTS_PER_MINUTE_PER_IP", "2");
    const socket = newIp();
    expect((await call("GET", "/public/gateways/deposit/list", { headers: through(socket, "1.1.1.1") })).status).toBe(200);
    expect((await call("GET", "/public/gateways/deposit/list", { headers: through(socket, "2.2.2.2") })).status).toBe(200);
    expect429(await call("GET", "/public/gateways/deposit/list", { headers: through(socket, "3.3.3.3, 4.4.4.4") }), 2);
    // Another client is not in that bucket, nor is the one whose address was forged.
    expect((await call("GET", "/public/gateways/deposit/list", { headers: through(newIp()) })).status).toBe(200);
    expect((await call("GET", "/public/gateways/deposit/list", { headers: through("3.3.3.3") })).status).toBe(200);
  });

  it("the OTP-confirm limit per address is per client, not one for every merchant's customers", async () => {
    vi.stubEnv("OTP_CONFIRMS_PER_MINUTE_PER_IP", "1");
    const confirm = (socket: string) =>
      call("POST", "/test/api/v4/validation/deposit/confirm", { key: merchant.sandboxKey, body: { trxReference: "DEP_INV_TEST_NONE", otp: "123456" }, headers: through(socket) });
    const [a, b] = [newIp(), newIp()];
    expect((await confirm(a)).status).not.toBe(429);
    expect((await confirm(b)).status).not.toBe(429);
    expect429(await confirm(a), 1);
  });

  it("behind TRUSTED_PROXIES, the right-most untrusted hop is the client", async () => {
    vi.stubEnv("API_REQUESTS_PER_MINUTE_PER_IP", "1");
    vi.stubEnv("TRUSTED_PROXIES", "192.0.2.0/24");
    const client = newIp();
    expect((await call("GET", "/public/gateways/deposit/list", { headers: through("192.0.2.10", client) })).status).toBe(200);
    // The same client through another proxy of the pool: the same bucket.
    expect429(await call("GET", "/public/gateways/deposit/list", { headers: through("192.0.2.11", `9.9.9.9, ${client}`) }), 1);
  });
});

describe("OTP confirmation", () => {
  const otpDeposit = { ...validDeposit, gatewayName: "ORANGE_MONEY_CI", customerPhone: "+2250700000777" };

  it("is limited per invoice reference, whatever the address", async () => {
    vi.stubEnv("OTP_CONFIRMS_PER_MINUTE_PER_REFERENCE", "2");
    const invoice = await call("POST", "/test/api/v4/validation/deposit/generate-invoice", { key: merchant.sandboxKey, body: otpDeposit });
    expect(invoice.status).toBeLessThan(300);
    const confirm = () =>
      call("POST", "/test/api/v4/validation/deposit/confirm", {
        key: merchant.sandboxKey,
        body: { trxReference: invoice.body.reference, otp: "111111" },
        headers: { "x-forwarded-for": newIp() },
      });
    expect((await confirm()).body.error.code).toBe(40019);
    expect((await confirm()).body.error.code).toBe(40019);
    expect429(await confirm(), 2);
  });

  it("is limited per address across references", async () => {
    vi.stubEnv("OTP_CONFIRMS_PER_MINUTE_PER_IP", "1");
    const headers = { "x-forwarded-for": newIp() };
    const confirm = (trxReference: string) =>
      call("POST", "/test/api/v4/validation/deposit/confirm", { key: merchant.sandboxKey, body: { trxReference, otp: "111111" }, headers });
    expect((await confirm("DEP_INV_TEST_A")).body.error.code).toBe(40006);
    expect429(await confirm("DEP_INV_TEST_B"), 1);
  });
});

// The support view's sign-in has the limits every way in shares (lib/features/auth/sign-in-limits.ts;
// tests/auth/sign-in-limits.integration.test.ts has the rest): here, what its answers say of them.
describe("support sign-in", () => {
  const password = "a long enough password";
  let staffCount = 0;
  const newStaffEmail = async () => {
    const email = `rl-${++staffCount}-${Date.now()}@support.example`;
    await createStaff(db(), { email, role: "support", password });
    return email;
  };
  const signIn = (body: unknown, ip: string) => call("POST", "/admin/api/session", { body, headers: { "x-forwarded-for": ip } });
  const signInForm = (fields: Record<string, string>, ip: string) =>
    call("POST", "/admin/api/session", {
      rawBody: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
    });
  const limitOf = (res: { headers: Headers }) => {
    expect(Number(res.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
    return [res.headers.get("ratelimit-limit"), res.headers.get("ratelimit-remaining")];
  };

  it("answers RateLimit-* on a refusal and on success, of the limit with the fewest tries left", async () => {
    const email = await newStaffEmail();
    const ip = newIp();
    // 5 tries per account, 20 per address: the account's is the nearer limit.
    const wrong = await signIn({ email, password: "wrong guess" }, ip);
    expect([wrong.status, wrong.body.error.code]).toEqual([401, 40002]);
    expect(limitOf(wrong)).toEqual(["5", "4"]);
    const right = await signIn({ email, password }, ip);
    expect(right.status).toBe(200);
    // The right password cleared the account's count.
    expect(limitOf(right)).toEqual(["5", "5"]);
    expect(right.headers.get("retry-after")).toBeNull();
  });

  it("counts only guesses against an account: signing in again and again is never refused", async () => {
    const email = await newStaffEmail();
    const ip = newIp();
    for (let i = 0; i < 4; i++) expect((await signIn({ email, password: "wrong guess" }, ip)).status).toBe(401);
    for (let i = 0; i < 8; i++) expect((await signIn({ email, password }, ip)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn({ email, password: "wrong guess" }, ip)).status).toBe(401);
    expect429(await signIn({ email, password }, ip), 5);
  });

  it("reports the address's limit when it is the nearer one; every request but a right password counts, then 429", async () => {
    vi.stubEnv("SIGN_IN_ATTEMPTS_PER_15_MIN_PER_IP", "2");
    const ip = newIp();
    // A right password gives its attempt back.
    const first = await signIn({ email: await newStaffEmail(), password }, ip);
    expect(first.status).toBe(200);
    expect(limitOf(first)).toEqual(["2", "2"]);
    // A malformed request is paid for before the body is read, as on the API.
    const malformed = await signIn({ nope: true }, ip);
    expect([malformed.status, malformed.body.error.code]).toEqual([400, 40023]);
    expect(limitOf(malformed)).toEqual(["2", "1"]);
    const wrong = await signIn({ email: await newStaffEmail(), password: "wrong guess" }, ip);
    expect([wrong.status, limitOf(wrong)]).toEqual([401, ["2", "0"]]);
    // Then even a right password waits out the address's limit; another address does not.
    const other = await newStaffEmail();
    expect429(await signIn({ email: other, password }, ip), 2);
    expect((await signIn({ email: other, password }, newIp())).status).toBe(200);
  });

  it("answers the account's 429 with Retry-After whatever the address, once the account-wide count is spent", async () => {
    vi.stubEnv("SIGN_IN_FREE_FAILURES_PER_ACCOUNT_WIDE", "5");
    const email = await newStaffEmail();
    for (let i = 0; i < 5; i++) expect((await signIn({ email, password: "wrong guess" }, newIp())).status).toBe(401);
    expect429(await signIn({ email, password }, newIp()), 5);
  });

  it("puts RateLimit-* on the login form's redirects too, without Retry-After", async () => {
    vi.stubEnv("SIGN_IN_ATTEMPTS_PER_15_MIN_PER_IP", "1");
    const email = await newStaffEmail();
    const ip = newIp();
    const signedIn = await signInForm({ email, password }, ip);
    expect([signedIn.status, signedIn.headers.get("location")]).toEqual([303, "/admin"]);
    expect(limitOf(signedIn)).toEqual(["1", "1"]);
    const wrong = await signInForm({ email, password: "wrong guess" }, ip);
    expect([wrong.status, wrong.headers.get("location")]).toEqual([303, "/admin/login?error=invalid"]);
    expect(limitOf(wrong)).toEqual(["1", "0"]);
    const limited = await signInForm({ email, password }, ip);
    // The page says how long to wait (issue 34): the limiter's retry time, in its address.
    expect(limited.status).toBe(303);
    expect(limited.headers.get("location")).toMatch(/^\/admin\/login\?error=rate&wait=\d+$/);
    expect(limitOf(limited)).toEqual(["1", "0"]);
    expect(limited.headers.get("retry-after")).toBeNull();
  });
});

// Two limiters on one Redis stand for two app processes.
const redisUp = await isRedisUp();

describe.skipIf(!redisUp)("shared through Redis when REDIS_URL is set", () => {
  it("two processes' limiters share one count", async () => {
    vi.stubEnv("REDIS_URL", redisUrl);
    vi.stubEnv("RATE_LIMIT_PREFIX", `pcs-test-${Date.now()}-${Math.random()}`);
    vi.resetModules();
    const first = await import("@/lib/core/limits/rate-limit");
    const redisModule = await import("@/lib/core/limits/redis-client");
    const a = first.createLimiter("shared", 3, 60);
    // A second process: its own module instances, hence its own Redis connection.
    vi.resetModules();
    const second = await import("@/lib/core/limits/rate-limit");
    const otherRedis = await import("@/lib/core/limits/redis-client");
    const b = second.createLimiter("shared", 3, 60);
    expect(redisModule.redisClient()).not.toBe(otherRedis.redisClient());
    // Until a connection is up, the in-memory insurance limiter answers: wait for both.
    const ready = (client: ReturnType<typeof redisModule.redisClient>) =>
      new Promise((resolve) => (client?.status === "ready" ? resolve(null) : client?.once("ready", resolve)));
    await Promise.all([ready(redisModule.redisClient()), ready(otherRedis.redisClient())]);
    expect((await first.consume(a, "k")).remaining).toBe(2);
    expect((await second.consume(b, "k")).remaining).toBe(1);
    expect((await first.consume(a, "k")).remaining).toBe(0);
    // Its own module instances: the refusal is the other instance's class, so read its kind (the API's 42900).
    await expect(second.consume(b, "k")).rejects.toMatchObject({ name: "DomainError", kind: "limited" });
    redisModule.redisClient()?.disconnect();
    otherRedis.redisClient()?.disconnect();
  });
});

describe("in memory by default", () => {
  it("counts per key", async () => {
    const limiter = createLimiter("memory-test", 1, 60);
    expect((await consume(limiter, "a")).remaining).toBe(0);
    expect(await contractError(consume(limiter, "a"))).toMatchObject({ code: 42900, status: 429 });
    expect((await consume(limiter, "b")).remaining).toBe(0);
  });
});
