import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { IDEMPOTENCY_LEASE_MS, runIdempotent } from "@/lib/surfaces/http/idempotency";
import { call, ORIGIN } from "../helpers/api-client";
import { newKey, newMerchant, validLink } from "../helpers/fixtures";
import { expectLedgerBalanced } from "../helpers/ledger-invariant";

// Whatever the scenario, the ledger stays balanced.
afterEach(expectLedgerBalanced);

const WHOLE_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
let merchant: Awaited<ReturnType<typeof newMerchant>>;

beforeAll(async () => {
  merchant = await newMerchant();
});

const create = (body: unknown, options: { key?: string; path?: string; headers?: Record<string, string> } = {}) =>
  call("POST", options.path ?? "/test/api/v4/payments/link", { key: options.key ?? merchant.sandboxKey, body, headers: options.headers });

describe("POST /api/v4/payments/link", () => {
  it("creates a sandbox link with the spec's fields", async () => {
    const res = await create({ ...validLink, expiresIn: 3600 });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["createdAt", "expiresAt", "message", "paymentUrl", "reference", "status"]);
    expect(res.body.reference).toMatch(/^LINK_TEST_[0-9A-Z]{26}$/);
    expect(res.body.paymentUrl).toBe(`${ORIGIN}/test/pay/${res.body.reference}`);
    expect(res.body.status).toBe("pending");
    expect(res.body.createdAt).toMatch(WHOLE_SECONDS);
    expect(res.body.expiresAt).toMatch(WHOLE_SECONDS);
    expect(Date.parse(`${res.body.expiresAt}Z`) - Date.parse(`${res.body.createdAt}Z`)).toBe(3600_000);
    expect(res.body.message).toMatch(/sandbox/i);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("creates a live link without the TEST marker, valid 24 h by default", async () => {
    const res = await create(validLink, { key: merchant.liveKey, path: "/api/v4/payments/link" });
    expect(res.status).toBe(200);
    expect(res.body.reference).toMatch(/^LINK_[0-9A-Z]{26}$/);
    expect(res.body.paymentUrl).toBe(`${ORIGIN}/pay/${res.body.reference}`);
    expect(res.body.message).not.toMatch(/sandbox/i);
    expect(Date.parse(`${res.body.expiresAt}Z`) - Date.parse(`${res.body.createdAt}Z`)).toBe(24 * 3600_000);
  });

  it("accepts every optional field and the bounds themselves", async () => {
    const res = await create({
      amount: 10_000_000,
      currency: "EUR",
      description: "x".repeat(500),
      customerName: "Awa Traoré",
      customerEmail: "awa@example.com",
      customerPhone: "+2250700000000",
      callbackUrl: "https://merchant.example/hook",
      returnUrl: "http://localhost:3000/thanks",
      metadata: { orderId: "1234", attempt: 2, vip: true, note: null },
      expiresIn: 5,
    });
    expect(res.status).toBe(200);
    expect((await create({ ...validLink, amount: 100 })).status).toBe(200);
    expect((await create({ ...validLink, amount: 100.55, currency: "USD" })).status).toBe(200);
  });

  const invalid: [string, unknown, number, string][] = [
    ["amount below 100", { ...validLink, amount: 99 }, 40010, "amount"],
    ["amount above 10,000,000", { ...validLink, amount: 10_000_001 }, 40010, "amount"],
    ["amount as a string", { ...validLink, amount: "5000" }, 40010, "amount"],
    ["amount missing", { currency: "XOF", description: "x" }, 40010, "amount is required"],
    ["decimals on XOF", { ...validLink, amount: 100.5 }, 40010, "amount"],
    ["three decimals on EUR", { ...validLink, amount: 100.555, currency: "EUR" }, 40010, "amount"],
    ["unsupported currency", { ...validLink, currency: "NGN" }, 40015, "currency"],
    ["lower-case currency", { ...validLink, currency: "xof" }, 40015, "currency"],
    ["currency missing", { amount: 5000, description: "x" }, 40015, "currency"],
    ["description missing", { amount: 5000, currency: "XOF" }, 40023, "description is required"],
    ["description empty", { ...validLink, description: "  " }, 40023, "description"],
    ["description too long", { ...validLink, description: "x".repeat(501) }, 40023, "description"],
    ["bad e-mail", { ...validLink, customerEmail: "nope" }, 40023, "customerEmail"],
    ["local phone", { ...validLink, customerPhone: "0700000000" }, 40014, "customerPhone"],
    ["http callbackUrl", { ...validLink, callbackUrl: "http://merchant.example/hook" }, 40021, "callbackUrl"],
    ["callbackUrl not a URL", { ...validLink, callbackUrl: "hook" }, 40021, "callbackUrl"],
    ["ftp returnUrl", { ...validLink, returnUrl: "ftp://merchant.example" }, 40023, "returnUrl"],
    ["metadata a string", { ...validLink, metadata: "x" }, 40023, "metadata"],
    ["metadata an array", { ...validLink, metadata: [1] }, 40023, "metadata"],
    ["metadata nested", { ...validLink, metadata: { a: { b: 1 } } }, 40023, "metadata"],
    ["unknown field", { ...validLink, colour: "red" }, 40023, "colour"],
    ["expiresIn below the sandbox minimum", { ...validLink, expiresIn: 4 }, 40023, "expiresIn"],
    ["expiresIn above 30 days", { ...validLink, expiresIn: 2_592_001 }, 40023, "expiresIn"],
    ["expiresIn fractional", { ...validLink, expiresIn: 10.5 }, 40023, "expiresIn"],
    ["body an array", [validLink], 40023, "body"],
    ["body null", null, 40023, "body"],
  ];
  it.each(invalid)("refuses %s", async (_name, body, code, details) => {
    const before = await db().paymentLink.count({ where: { merchantId: merchant.id } });
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.message).toEqual(expect.any(String));
    expect(res.body.error.details).toContain(details);
    expect(await db().paymentLink.count({ where: { merchantId: merchant.id } })).toBe(before);
  });

  it("applies the production minimum to expiresIn in production", async () => {
    const live = (expiresIn: number) => create({ ...validLink, expiresIn }, { key: merchant.liveKey, path: "/api/v4/payments/link" });
    expect((await live(299)).body.error.code).toBe(40023);
    expect((await live(300)).status).toBe(200);
  });

  it("answers a body that is not JSON with 40016", async () => {
    const post = (rawBody: string, contentType = "application/json") =>
      call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, rawBody, headers: { "content-type": contentType } });
    for (const res of [await post("{amount:"), await post(""), await post(JSON.stringify(validLink), "text/plain")]) {
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(40016);
    }
  });

  it("refuses a body over 64 KiB with 413", async () => {
    const res = await create({ ...validLink, description: "x".repeat(70 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe(40023);
  });
});

describe("GET /api/v4/payments/link/{reference}", () => {
  it("returns everything known about the link", async () => {
    const created = await create({ ...validLink, customerEmail: "awa@example.com", metadata: { orderId: "42" } });
    const res = await call("GET", `/test/api/v4/payments/link/${created.body.reference}`, { key: merchant.sandboxKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      reference: created.body.reference,
      paymentUrl: created.body.paymentUrl,
      status: "pending",
      amount: 5000,
      currency: "XOF",
      description: "Order #1234",
      fees: null,
      gatewayName: null,
      customerName: null,
      customerEmail: "awa@example.com",
      customerPhone: null,
      callbackUrl: null,
      returnUrl: null,
      metadata: { orderId: "42" },
      createdAt: created.body.createdAt,
      expiresAt: created.body.expiresAt,
      completedAt: null,
      paidAfterExpiry: false,
      // Issue 28: the last failure while failed, and every checkout attempt (none yet).
      failureReason: null,
      attempts: [],
      // Issue 36: the payment page a link was made from; none for a link the merchant created.
      paymentPage: null,
    });
  });

  it("keeps minor units exact", async () => {
    const created = await create({ ...validLink, amount: 1234.56, currency: "EUR" });
    const res = await call("GET", `/test/api/v4/payments/link/${created.body.reference}`, { key: merchant.sandboxKey });
    expect(res.body.amount).toBe(1234.56);
    const row = await db().paymentLink.findUniqueOrThrow({ where: { reference: created.body.reference } });
    expect(row.amountMinor).toBe(123456n);
  });

  it("never shows pending after expiresAt, even before the expiry job runs", async () => {
    const created = await create({ ...validLink, expiresIn: 5 });
    const reference = created.body.reference;
    await db().paymentLink.update({ where: { reference }, data: { expiresAt: new Date(Date.now() - 1) } });
    const res = await call("GET", `/test/api/v4/payments/link/${reference}`, { key: merchant.sandboxKey });
    expect(res.body.status).toBe("expired");
    const row = await db().paymentLink.findUniqueOrThrow({ where: { reference } });
    expect(row.status).toBe("pending");
  });

  it("answers another merchant's link, the other environment's and an unknown one alike: 404/40004", async () => {
    const created = await create(validLink);
    const other = await newMerchant();
    const answers = [
      await call("GET", `/test/api/v4/payments/link/${created.body.reference}`, { key: other.sandboxKey }),
      await call("GET", `/api/v4/payments/link/${created.body.reference}`, { key: merchant.liveKey }),
      await call("GET", `/test/api/v4/payments/link/LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K`, { key: merchant.sandboxKey }),
      await call("GET", `/test/api/v4/payments/link/nonsense`, { key: merchant.sandboxKey }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 40004, message: "Resource not found", details: "Payment link not found" } });
    }
  });
});

describe("authentication", () => {
  const post = (headers: Record<string, string>, path = "/test/api/v4/payments/link") =>
    call("POST", path, { body: validLink, headers });

  it("401/40002 for a missing, malformed, unknown or revoked key", async () => {
    const { key, id } = await newKey(merchant.id, "sandbox");
    await db().apiKey.update({ where: { id }, data: { revokedAt: new Date() } });
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: "Basic abc" },
      { authorization: "Bearer" },
      { authorization: "Bearer sk_test_thisKeyDoesNotExist0000000000000" },
      { authorization: `Bearer ${key}` },
    ]) {
      const res = await post(headers);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe(40002);
    }
  });

  it("401/40002 for a key used in the other environment", async () => {
    const live = await post({ authorization: `Bearer ${merchant.liveKey}` });
    const sandbox = await post({ authorization: `Bearer ${merchant.sandboxKey}` }, "/api/v4/payments/link");
    for (const res of [live, sandbox]) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe(40002);
    }
  });

  it("401/401 for a key whose role is not a merchant's", async () => {
    const { key } = await newKey(merchant.id, "sandbox", { role: "staff" });
    const res = await post({ authorization: `Bearer ${key}` });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(401);
  });

  it("403/40001 for a key without the scope", async () => {
    const { key } = await newKey(merchant.id, "sandbox", { scopes: ["links:read"] });
    const res = await post({ authorization: `Bearer ${key}` });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe(40001);
    const created = await create(validLink);
    const read = await call("GET", `/test/api/v4/payments/link/${created.body.reference}`, { key });
    expect(read.status).toBe(200);
  });
});

describe("Idempotency-Key", () => {
  it("replays the first response for the same key and body", async () => {
    const headers = { "idempotency-key": `replay-${Date.now()}` };
    const first = await create(validLink, { headers });
    const second = await create(validLink, { headers });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(await db().paymentLink.count({ where: { reference: first.body.reference } })).toBe(1);
  });

  it("refuses the same key with a different body: 422/40020", async () => {
    const headers = { "idempotency-key": `diff-${Date.now()}` };
    await create(validLink, { headers });
    const res = await create({ ...validLink, amount: 6000 }, { headers });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe(40020);
  });

  it("scopes keys per merchant and per environment", async () => {
    const headers = { "idempotency-key": `scoped-${Date.now()}` };
    const other = await newMerchant();
    const a = await create(validLink, { headers });
    const b = await create(validLink, { headers, key: other.sandboxKey });
    const c = await create(validLink, { headers, key: merchant.liveKey, path: "/api/v4/payments/link" });
    expect(new Set([a.body.reference, b.body.reference, c.body.reference]).size).toBe(3);
  });

  it("does not keep a key for a refused request, so the corrected retry succeeds", async () => {
    const headers = { "idempotency-key": `fix-${Date.now()}` };
    expect((await create({ ...validLink, amount: 1 }, { headers })).status).toBe(400);
    expect((await create(validLink, { headers })).status).toBe(200);
  });

  it("refuses keys outside 1..255 visible characters", async () => {
    for (const key of ["", "x".repeat(256), "with space"]) {
      const res = await create(validLink, { headers: { "idempotency-key": key } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(40023);
    }
    expect((await create(validLink, { headers: { "idempotency-key": "x".repeat(255) + Date.now() } })).status).toBe(400);
    expect((await create(validLink, { headers: { "idempotency-key": `k${Date.now()}`.padEnd(255, "y") } })).status).toBe(200);
  });

  it("creates exactly one link for 50 concurrent identical requests", async () => {
    const solo = await newMerchant();
    const headers = { "idempotency-key": "concurrent" };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => create(validLink, { key: solo.sandboxKey, headers })),
    );
    const ok = answers.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.body.reference)).size).toBe(1);
    for (const r of answers.filter((a) => a.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe(40020);
    }
    expect(await db().paymentLink.count({ where: { merchantId: solo.id } })).toBe(1);
  });
});

describe("Idempotency-Key after a crash", () => {
  /** What a SIGKILL mid-request leaves: the claim, no response, a lease last renewed at the crash. */
  async function leaveCrashedClaim(solo: { id: string; sandboxKey: string }, key: string, crashedMsAgo: number) {
    const probe = await create(validLink, { key: solo.sandboxKey, headers: { "idempotency-key": `probe-${key}` } });
    expect(probe.status).toBe(200);
    const { requestHash, route } = await db().idempotencyKey.findFirstOrThrow({ where: { merchantId: solo.id, key: `probe-${key}` } });
    const crashedAt = Date.now() - crashedMsAgo;
    await db().idempotencyKey.create({
      data: {
        id: `crashed-${key}-${solo.id}`,
        merchantId: solo.id,
        environment: "sandbox",
        route,
        key,
        requestHash,
        createdAt: new Date(crashedAt - 200),
        expiresAt: new Date(crashedAt + 86_400_000),
        claimToken: "the dead process's",
        leaseUntil: new Date(crashedAt + IDEMPOTENCY_LEASE_MS),
      },
    });
  }

  it("lets the contract's retries (1 s, 2 s, 4 s...) through: the lease of a dead claim is shorter than 1 + 2 + 4 s", () => {
    expect(IDEMPOTENCY_LEASE_MS).toBeLessThanOrEqual(7_000);
  });

  it("answers 409 while the claim's lease holds: its holder may be alive", async () => {
    const solo = await newMerchant();
    await leaveCrashedClaim(solo, "fresh-crash", 1_000);
    const res = await create(validLink, { key: solo.sandboxKey, headers: { "idempotency-key": "fresh-crash" } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe(40020);
    expect(await db().paymentLink.count({ where: { merchantId: solo.id } })).toBe(1); // the probe's
  });

  it("takes over a dead process's claim once its lease lapsed: one link, then replays", async () => {
    const solo = await newMerchant();
    await leaveCrashedClaim(solo, "old-crash", IDEMPOTENCY_LEASE_MS + 1_000);
    const headers = { "idempotency-key": "old-crash" };
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(validLink, { key: solo.sandboxKey, headers })));
    const ok = answers.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.body.reference)).size).toBe(1);
    for (const r of answers.filter((a) => a.status !== 200)) expect(r.status).toBe(409);
    const again = await create(validLink, { key: solo.sandboxKey, headers });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.reference).toBe(ok[0].body.reference);
    expect(await db().paymentLink.count({ where: { merchantId: solo.id } })).toBe(2); // the probe's and this one
    expect(await db().idempotencyKey.findFirstOrThrow({ where: { merchantId: solo.id, key: "old-crash" } })).toMatchObject({
      responseStatus: 200,
      claimToken: null,
      leaseUntil: null,
    });
  });

  it("renews the lease of a live request, so a request longer than the lease is not taken over", async () => {
    const solo = await newMerchant();
    const scope = { merchantId: solo.id, environment: "sandbox" as const, route: "tests.slow" };
    let runs = 0;
    const slow = runIdempotent(scope, "slow", { n: 1 }, async () => {
      runs++;
      // Longer than the lease, within the transaction's own 5 s limit.
      await new Promise((resolve) => setTimeout(resolve, IDEMPOTENCY_LEASE_MS + 1_000));
      return { status: 200, body: { done: true } };
    });
    await new Promise((resolve) => setTimeout(resolve, IDEMPOTENCY_LEASE_MS + 500));
    const retry = await runIdempotent(scope, "slow", { n: 1 }, async () => {
      runs++;
      return { status: 200, body: { second: true } };
    }).catch((error: unknown) => error);
    expect(await slow).toEqual({ status: 200, body: { done: true } });
    // On PostgreSQL the retry meets the renewed claim: 409. On PGlite its one connection makes the
    // retry wait for the running transaction, and it replays the result. Never a second run.
    if (retry instanceof Error) expect(retry).toMatchObject({ code: 40020, status: 409 });
    else expect(retry).toEqual({ status: 200, body: { done: true }, replayed: true });
    expect(runs).toBe(1);
  }, 15_000);

  it("rolls back a holder stalled past its lease whose claim a retry took over: exactly one result", async () => {
    const solo = await newMerchant();
    const scope = { merchantId: solo.id, environment: "sandbox" as const, route: "tests.stalled" };
    const row = () => db().idempotencyKey.findFirstOrThrow({ where: { merchantId: solo.id, key: "stalled" } });
    let release!: () => void;
    const stalled = runIdempotent(scope, "stalled", { n: 1 }, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { status: 200, body: { by: "stalled" } };
    });
    await vi.waitFor(() => expect(release, "the stalled holder runs").toBeDefined(), { interval: 10 });
    // The stalled holder's lease lapses (as if it had not renewed for IDEMPOTENCY_LEASE_MS).
    await db().idempotencyKey.updateMany({ where: { id: (await row()).id }, data: { leaseUntil: new Date(Date.now() - 1) } });
    const retry = await runIdempotent(scope, "stalled", { n: 1 }, async () => ({ status: 200, body: { by: "retry" } }));
    expect(retry).toEqual({ status: 200, body: { by: "retry" } });
    release();
    // On PostgreSQL its commit finds the claim taken (409); on PGlite, whose one connection runs
    // one transaction at a time, the retry waited for the stalled transaction to time out.
    const failure = await stalled.then(() => "committed", (error: unknown) => error);
    if (process.env.DATABASE_URL) expect(failure).toMatchObject({ code: 40020, status: 409 });
    else expect(failure).toMatchObject({ code: "P2028", meta: { timeout: 5000 } });
    expect(await row()).toMatchObject({ responseStatus: 200, responseBody: { by: "retry" }, claimToken: null });
  });
});

describe("routing", () => {
  it("answers an unsupported method with 400/40017 and Allow", async () => {
    const res = await call("DELETE", "/test/api/v4/payments/link", { key: merchant.sandboxKey });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(40017);
    expect(res.headers.get("allow")).toBe("POST");
  });

  it("answers unknown API paths with 404/40004 in the envelope", async () => {
    const res = await call("GET", "/test/api/v4/nothing-here");
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(40004);
  });

  it("answers the first API version with 410 pointing to v4", async () => {
    const res = await call("POST", "/api/v1/payments/link", { body: validLink });
    expect(res.status).toBe(410);
    expect(res.body.error.details).toContain("/api/v4");
  });
});
