import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { transitionDeposit } from "@/lib/features/deposits/transition-deposit";
import { call, ORIGIN } from "../helpers/api-client";
import { newMerchant, validDeposit, waitForSandboxAnswer, waitUntilSandboxAnswerIsDue } from "../helpers/fixtures";
import { expectLedgerBalanced } from "../helpers/ledger-invariant";

// Whatever the scenario, the ledger stays balanced.
afterEach(expectLedgerBalanced);

const FRACTIONAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{1,9}$/;
const otpDeposit = { ...validDeposit, gatewayName: "ORANGE_MONEY_CI" };
const redirectDeposit = { ...validDeposit, gatewayName: "WAVE_CI", returnUrl: "https://shop.example/back?order=7" };
let merchant: Awaited<ReturnType<typeof newMerchant>>;

beforeAll(async () => {
  merchant = await newMerchant();
});

const post = (path: string, body: unknown, options: { key?: string; headers?: Record<string, string> } = {}) =>
  call("POST", path, { key: options.key ?? merchant.sandboxKey, body, headers: options.headers });
const initiate = (body: unknown, options?: { key?: string; headers?: Record<string, string> }) =>
  post("/test/api/v4/classic/deposit/initiate", body, options);
const invoice = (body: unknown = otpDeposit, options?: { key?: string; headers?: Record<string, string> }) =>
  post("/test/api/v4/validation/deposit/generate-invoice", body, options);
const confirm = (trxReference: string, otp: string, key = merchant.sandboxKey) =>
  post("/test/api/v4/validation/deposit/confirm", { trxReference, otp }, { key });
const read = (reference: string, key = merchant.sandboxKey, prefix = "/test") =>
  call("GET", `${prefix}/api/v4/deposits/${reference}`, { key });
const decide = (reference: string, decision: string, prefix = "/test") =>
  call("POST", `${prefix}/sandbox/operator/${reference}/decision`, {
    rawBody: new URLSearchParams({ decision }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
const depositCount = () => db().deposit.count({ where: { merchantId: merchant.id } });

describe("POST /api/v4/classic/deposit/initiate", () => {
  it("starts a sandbox DIRECT deposit with the spec's fields and fees", async () => {
    const res = await initiate(validDeposit);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["createdAt", "expiresAt", "fees", "message", "paymentType", "reference", "status"]);
    expect(res.body.reference).toMatch(/^DEP_TEST_[0-9A-Z]{26}$/);
    expect(res.body).toMatchObject({ status: "pending", paymentType: "DIRECT", fees: 75 }); // 1.5 % of 5000 XOF
    expect(res.body.createdAt).toMatch(FRACTIONAL);
    expect(Date.parse(`${res.body.expiresAt}Z`) - Date.parse(`${res.body.createdAt}Z`)).toBe(15 * 60_000);
    expect(res.body.message).toMatch(/no real money/i);
  });

  it("returns the simulated operator page as url for REDIRECT gateways", async () => {
    const res = await initiate(redirectDeposit);
    expect(res.status).toBe(200);
    expect(res.body.paymentType).toBe("REDIRECT");
    expect(res.body.url).toBe(`${ORIGIN}/test/sandbox/operator/${res.body.reference}`);
    expect(res.body.fees).toBe(50); // Wave: 1 %
  });

  it("rounds fees up to the currency's minor unit", async () => {
    const res = await initiate({ ...validDeposit, gatewayName: "CARD", currency: "EUR", amount: 19.99 });
    expect(res.body.fees).toBe(0.85); // 3 % of 19.99 = 0.5997 -> 0.60, + 0.25 fixed
    const detail = await read(res.body.reference);
    expect(detail.body).toMatchObject({ amount: 19.99, fees: 0.85, totalAmount: 20.84, currency: "EUR" });
  });

  it("answers on the alias POST /api/v4/deposit/initiate", async () => {
    const res = await post("/test/api/v4/deposit/initiate", validDeposit);
    expect(res.status).toBe(200);
    expect(res.body.reference).toMatch(/^DEP_TEST_/);
  });

  it("refuses in production a gateway with no operator adapter: 502, nothing written", async () => {
    const before = await depositCount();
    const res = await post("/api/v4/classic/deposit/initiate", validDeposit, { key: merchant.liveKey });
    expect(res.status).toBe(502);
    expect(res.body.error.details).toContain("MTN_MOMO_CI");
    expect(await depositCount()).toBe(before);
  });

  const { amount: _a, currency: _c, customerPhone: _p, country: _co, gatewayName: _g, ...none } = validDeposit;
  const invalid: [string, unknown, number, string][] = [
    ["amount missing", { ...none, currency: "XOF", customerPhone: "+2250700000444", country: "CI", gatewayName: "MTN_MOMO_CI" }, 40010, "amount is required"],
    ["amount zero", { ...validDeposit, amount: 0 }, 40010, "amount"],
    ["amount negative", { ...validDeposit, amount: -5 }, 40010, "amount"],
    ["amount with decimals in XOF", { ...validDeposit, amount: 10.5 }, 40010, "XOF"],
    ["amount as a string", { ...validDeposit, amount: "5000" }, 40010, "amount"],
    ["currency missing", { ...validDeposit, currency: undefined }, 40015, "currency is required"],
    ["currency not ISO 4217", { ...validDeposit, currency: "ZZZ" }, 40015, "ISO 4217"],
    ["phone missing", { ...validDeposit, customerPhone: undefined }, 40014, "customerPhone is required"],
    ["phone without +", { ...validDeposit, customerPhone: "2250700000444" }, 40014, "international"],
    ["country missing", { ...validDeposit, country: undefined }, 40011, "country is required"],
    ["country not ISO 3166", { ...validDeposit, country: "XX" }, 40011, "ISO 3166"],
    ["gateway missing", { ...validDeposit, gatewayName: undefined }, 40012, "gatewayName is required"],
    ["gateway unknown", { ...validDeposit, gatewayName: "NOPE" }, 40012, "NOPE"],
    ["callbackUrl not HTTPS", { ...validDeposit, callbackUrl: "http://shop.example/hook" }, 40021, "callbackUrl"],
    ["returnUrl not http(s)", { ...validDeposit, returnUrl: "javascript:alert(1)" }, 40023, "returnUrl"],
    ["customerEmail invalid", { ...validDeposit, customerEmail: "x@" }, 40023, "customerEmail"],
    ["unknown field", { ...validDeposit, extra: 1 }, 40023, "extra"],
    ["OTP gateway on initiate", { ...validDeposit, gatewayName: "ORANGE_MONEY_CI" }, 40020, "/api/v4/validation/deposit/generate-invoice"],
    ["currency the gateway lacks", { ...validDeposit, currency: "XAF" }, 40015, "MTN_MOMO_CI"],
    ["country the gateway lacks", { ...validDeposit, country: "SN" }, 40011, "MTN_MOMO_CI"],
  ];
  it.each(invalid)("refuses %s", async (_name, body, code, details) => {
    const before = await depositCount();
    const res = await initiate(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.details).toContain(details);
    expect(await depositCount()).toBe(before);
  });

  it("refuses a gateway not enabled for the merchant", async () => {
    const other = await newMerchant();
    await db().merchantGateway.deleteMany({ where: { merchantId: other.id, gatewayName: "MTN_MOMO_CI" } });
    const res = await initiate(validDeposit, { key: other.sandboxKey });
    expect(res.body.error.code).toBe(40012);
  });

  it("replays an Idempotency-Key without a second deposit", async () => {
    const headers = { "idempotency-key": `dep-${Date.now()}` };
    const first = await initiate(validDeposit, { headers });
    const again = await post("/test/api/v4/deposit/initiate", validDeposit, { headers });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await db().deposit.count({ where: { reference: first.body.reference } })).toBe(1);
  });
});

describe("the sandbox simulator, observed through GET /api/v4/deposits/{reference}", () => {
  const outcome = async (phone: string) => {
    const res = await initiate({ ...validDeposit, customerPhone: phone });
    expect((await read(res.body.reference)).body.status).toBe("pending");
    // A number that never answers stays pending: then only the time of the answer can pass.
    await (phone.endsWith("222") ? waitUntilSandboxAnswerIsDue() : waitForSandboxAnswer(res.body.reference));
    return (await read(res.body.reference)).body;
  };

  it("approves any other number", async () => {
    expect(await outcome("+2250700000444")).toMatchObject({ status: "completed", failureReason: null });
  });
  it("declines a number ending in 111", async () => {
    expect(await outcome("+2250700000111")).toMatchObject({ status: "failed", failureReason: "declined_by_customer" });
  });
  it("reports insufficient funds for a number ending in 333", async () => {
    expect(await outcome("+2250700000333")).toMatchObject({ status: "failed", failureReason: "insufficient_funds" });
  });
  it("never answers a number ending in 222: pending until expiry", async () => {
    const body = await outcome("+2250700000222");
    expect(body.status).toBe("pending");
    await db().deposit.update({ where: { reference: body.reference }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = (await read(body.reference)).body;
    expect(expired.status).toBe("expired");
    expect(expired.expiredAt).toMatch(FRACTIONAL);
  });

  it("returns every field", async () => {
    const res = await initiate({ ...validDeposit, customerEmail: "awa@example.com", customerName: "Awa", metadata: { order: "9" } });
    const detail = await read(res.body.reference);
    expect(Object.keys(detail.body).sort()).toEqual(
      [
        "amount", "callbackUrl", "completedAt", "country", "createdAt", "currency", "customerEmail", "customerName",
        "customerPhone", "expiredAt", "expiresAt", "failedAt", "failureReason", "fees", "gatewayName", "invoiceReference",
        "metadata", "paymentType", "reference", "returnUrl", "status", "totalAmount", "url", "validatedReference",
      ].sort(),
    );
    expect(detail.body).toMatchObject({ amount: 5000, fees: 75, totalAmount: 5075, metadata: { order: "9" }, invoiceReference: null });
  });

  it("hides other merchants' and the other environment's deposits: 404/40004", async () => {
    const res = await initiate(validDeposit);
    const other = await newMerchant();
    for (const answer of [await read(res.body.reference, other.sandboxKey), await read(res.body.reference, merchant.liveKey, "")]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe(40004);
    }
  });
});

describe("REDIRECT through the simulated operator page", () => {
  it("approves, then sends the customer back to returnUrl with reference and status", async () => {
    const { body } = await initiate(redirectDeposit);
    const res = await decide(body.reference, "approve");
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get("location")!);
    expect(`${back.origin}${back.pathname}`).toBe("https://shop.example/back");
    expect(Object.fromEntries(back.searchParams)).toEqual({ order: "7", reference: body.reference, status: "completed" });
    expect((await read(body.reference)).body.status).toBe("completed");
  });

  it("declines, and a later approval changes nothing", async () => {
    const { body } = await initiate(redirectDeposit);
    expect(new URL((await decide(body.reference, "decline")).headers.get("location")!).searchParams.get("status")).toBe("failed");
    await decide(body.reference, "approve");
    expect((await read(body.reference)).body).toMatchObject({ status: "failed", failureReason: "declined_by_customer" });
  });

  it("exists only in the sandbox, only for REDIRECT deposits", async () => {
    const { body } = await initiate(redirectDeposit);
    expect((await decide(body.reference, "approve", "")).status).toBe(404);
    const direct = await initiate(validDeposit);
    expect((await decide(direct.body.reference, "approve")).status).toBe(404);
    expect((await decide(body.reference, "maybe")).status).toBe(400);
  });
});

describe("OTP deposits", () => {
  it("generates an invoice with the spec's fields, the OTP stored hashed", async () => {
    const res = await invoice();
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["createdAt", "expiresAt", "fees", "message", "reference", "status"]);
    expect(res.body.reference).toMatch(/^DEP_INV_TEST_[0-9A-Z]{26}$/);
    expect(res.body).toMatchObject({ status: "pending", fees: 75 });
    expect(Date.parse(`${res.body.expiresAt}Z`) - Date.parse(`${res.body.createdAt}Z`)).toBe(10 * 60_000);
    const row = await db().deposit.findUniqueOrThrow({ where: { reference: res.body.reference } });
    expect(row.otpHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row, (_k, v) => (typeof v === "bigint" ? String(v) : v))).not.toContain("123456");
  });

  it("answers on the alias POST /api/v4/validation/deposit and replays idempotently", async () => {
    const headers = { "idempotency-key": `inv-${Date.now()}` };
    const first = await post("/test/api/v4/validation/deposit", otpDeposit, { headers });
    expect(first.body.reference).toMatch(/^DEP_INV_TEST_/);
    const again = await invoice(otpDeposit, { headers });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  it("refuses a DIRECT gateway, naming the endpoint to use", async () => {
    const res = await invoice(validDeposit);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(40020);
    expect(res.body.error.details).toContain("/api/v4/classic/deposit/initiate");
  });

  it("confirms with the right code under a new DEP_VALID_ reference", async () => {
    const inv = (await invoice()).body;
    const res = await confirm(inv.reference, "123456");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["createdAt", "fees", "message", "reference", "status"]);
    expect(res.body.reference).toMatch(/^DEP_VALID_TEST_[0-9A-Z]{26}$/);
    expect(res.body.reference).not.toBe(inv.reference);
    expect(res.body).toMatchObject({ status: "completed", fees: 75 });
    expect(res.body.createdAt).toMatch(FRACTIONAL);

    for (const ref of [inv.reference, res.body.reference]) {
      expect((await read(ref)).body).toMatchObject({
        status: "completed",
        reference: res.body.reference,
        invoiceReference: inv.reference,
        validatedReference: res.body.reference,
      });
    }
  });

  it("counts wrong codes, then accepts the right one", async () => {
    const inv = (await invoice()).body;
    const wrong = await confirm(inv.reference, "000000");
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 40019, details: "Wrong code: 4 tries left" });
    expect((await confirm(inv.reference, "123456")).status).toBe(200);
  });

  it("spends the OTP after 5 wrong tries: 40007 afterwards, the invoice failed", async () => {
    const inv = (await invoice()).body;
    for (let i = 1; i <= 5; i++) {
      const res = await confirm(inv.reference, "999999");
      expect(res.body.error.code).toBe(40019);
    }
    const after = await confirm(inv.reference, "123456");
    expect(after.status).toBe(404);
    expect(after.body.error.code).toBe(40007);
    expect((await read(inv.reference)).body).toMatchObject({ status: "failed", failureReason: "otp_attempts_exceeded" });
  });

  it("refuses an expired invoice with 40007", async () => {
    const inv = (await invoice()).body;
    const past = new Date(Date.now() - 1000);
    await db().deposit.update({ where: { reference: inv.reference }, data: { expiresAt: past, otpExpiresAt: past } });
    const res = await confirm(inv.reference, "123456");
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(40007);
    expect((await read(inv.reference)).body.status).toBe("expired");
  });

  it("refuses to confirm twice: 40020 naming the validated reference", async () => {
    const inv = (await invoice()).body;
    const first = await confirm(inv.reference, "123456");
    const second = await confirm(inv.reference, "123456");
    expect(second.status).toBe(400);
    expect(second.body.error.code).toBe(40020);
    expect(second.body.error.details).toContain(first.body.reference);
  });

  it("answers an unknown or foreign reference with 404/40006 and a classic deposit with 40020", async () => {
    const inv = (await invoice()).body;
    const other = await newMerchant();
    for (const res of [await confirm("DEP_INV_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K", "123456"), await confirm(inv.reference, "123456", other.sandboxKey)]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe(40006);
    }
    const classic = (await initiate(validDeposit)).body;
    const res = await confirm(classic.reference, "123456");
    expect(res.body.error.code).toBe(40020);
  });

  it("validates the confirmation body", async () => {
    const missingOtp = await post("/test/api/v4/validation/deposit/confirm", { trxReference: "DEP_INV_TEST_X" });
    expect(missingOtp.body.error.code).toBe(40007);
    const badOtp = await post("/test/api/v4/validation/deposit/confirm", { trxReference: "DEP_INV_TEST_X", otp: "abc" });
    expect(badOtp.body.error.code).toBe(40019);
    const missingRef = await post("/test/api/v4/validation/deposit/confirm", { otp: "123456" });
    expect(missingRef.body.error.code).toBe(40023);
  });
});

describe("races complete a deposit at most once", () => {
  it("two confirmations of one OTP: one succeeds", async () => {
    const inv = (await invoice()).body;
    const answers = await Promise.all(Array.from({ length: 8 }, () => confirm(inv.reference, "123456")));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.body.error.code).toBe(40020);
    const row = await db().deposit.findUniqueOrThrow({ where: { reference: inv.reference } });
    expect(row.validatedReference).toBe(ok[0].body.reference);
  });

  it("concurrent wrong codes never get more than 5 tries", async () => {
    const inv = (await invoice()).body;
    const answers = await Promise.all(Array.from({ length: 12 }, () => confirm(inv.reference, "111111")));
    expect(answers.filter((a) => a.body.error.code === 40019)).toHaveLength(5);
    expect(answers.filter((a) => a.body.error.code === 40007)).toHaveLength(7);
    const row = await db().deposit.findUniqueOrThrow({ where: { reference: inv.reference } });
    expect(row.otpAttempts).toBe(5);
    expect(row.status).toBe("failed");
  });

  it("approval against expiry: exactly one transition wins", async () => {
    const { body } = await initiate({ ...validDeposit, customerPhone: "+2250700000222" });
    const row = await db().deposit.findUniqueOrThrow({ where: { reference: body.reference } });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => transitionDeposit(db(), { id: row.id, to: i % 2 ? "completed" : "expired" })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const after = await db().deposit.findUniqueOrThrow({ where: { id: row.id } });
    expect([after.completedAt, after.expiredAt].filter(Boolean)).toHaveLength(1);
  });

  it("readers racing the simulated answer record it once", async () => {
    const { body } = await initiate(validDeposit);
    await waitUntilSandboxAnswerIsDue();
    const answers = await Promise.all(Array.from({ length: 10 }, () => read(body.reference)));
    expect(new Set(answers.map((a) => a.body.status))).toEqual(new Set(["completed"]));
    expect(new Set(answers.map((a) => a.body.completedAt)).size).toBe(1);
  });
});
