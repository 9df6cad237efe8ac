import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createStaff } from "@/lib/features/staff/create-staff";
import { db } from "@/lib/core/db/client";
import { sendDueMoneyOut } from "@/lib/features/money-out/send-due-money-out";
import { TRANSFER_KIND } from "@/lib/features/transfers/transfer-kind";
import { call } from "../helpers/api-client";
import { newKey, newMerchant, validLink, waitForSandboxAnswer, waitUntilSandboxAnswerIsDue } from "../helpers/fixtures";
import { fundMerchant } from "../helpers/fund-merchant";
import { expectLedgerBalanced } from "../helpers/ledger-invariant";
import { newFormToken } from "@/lib/core/domain/form-token";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;

const direct = { amount: 1000, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: "+2250700000444", country: "CI" };
const manual = { amount: 1000, currency: "XOF", gatewayName: "TMONEY_TG", beneficiaryPhone: "+22890000444", country: "TG" };
const scheduled = { amount: 1000, currency: "XOF", gatewayName: "BANK_TRANSFER_UEMOA", beneficiaryPhone: "+2250700000444", country: "SN" };

const transfer = (m: Merchant, body: unknown, headers: Record<string, string> = {}) =>
  call("POST", "/test/api/v4/transfers/instant", { key: m.sandboxKey, body, headers });
const balance = async (m: Merchant) => {
  const res = await call("GET", "/test/api/v4/merchant/balance", { key: m.sandboxKey });
  expect(res.status).toBe(200);
  return res.body.balances as { currency: string; available: number; pending: number }[];
};
const xof = async (m: Merchant) => (await balance(m)).find((b) => b.currency === "XOF") ?? { currency: "XOF", available: 0, pending: 0 };

let n = 0;
async function staffSession(role: "support" | "admin") {
  const email = `trf-${role}-${++n}-${Date.now()}@support.example`;
  const password = "a long enough password";
  await createStaff(db(), { email, role, password });
  const res = await call("POST", "/admin/api/session", { body: { email, password }, headers: { "x-forwarded-for": `172.17.0.${n}` } });
  expect(res.status).toBe(200);
  return { cookie: res.headers.get("set-cookie")!.split(";")[0], csrf: res.body.csrfToken as string };
}

afterEach(expectLedgerBalanced);

describe("balance", () => {
  it("starts empty, credits completed deposits with their amount (the customer paid the fees), not failed ones", async () => {
    const m = await newMerchant();
    expect(await balance(m)).toEqual([]);
    await fundMerchant(m.sandboxKey, [5000, 2500]);
    const failed = await call("POST", "/test/api/v4/classic/deposit/initiate", {
      key: m.sandboxKey,
      body: { amount: 9000, currency: "XOF", customerPhone: "+2250700000111", country: "CI", gatewayName: "MTN_MOMO_CI" },
    });
    await waitForSandboxAnswer(failed.body.reference);
    expect((await call("GET", `/test/api/v4/deposits/${failed.body.reference}`, { key: m.sandboxKey })).body.status).toBe("failed");
    expect(await balance(m)).toEqual([{ currency: "XOF", available: 7500, pending: 0 }]);
    // The live balance is another book.
    expect((await call("GET", "/api/v4/merchant/balance", { key: m.liveKey })).body).toEqual({ balances: [] });
  });

  it("credits a paid payment link once, for the link, not for its checkout attempt", async () => {
    const m = await newMerchant();
    const link = await call("POST", "/test/api/v4/payments/link", { key: m.sandboxKey, body: validLink });
    const attempt = await call("POST", `/test/api/checkout/${link.body.reference}/attempts`, {
      body: { country: "CI", gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000444" },
    });
    expect(attempt.status).toBeLessThan(300);
    await waitForSandboxAnswer(link.body.reference);
    await call("GET", `/test/api/checkout/${link.body.reference}`);
    const read = await call("GET", `/test/api/v4/payments/link/${link.body.reference}`, { key: m.sandboxKey });
    expect(read.body.status).toBe("completed");
    expect(await balance(m)).toEqual([{ currency: "XOF", available: 5000, pending: 0 }]);
    const entries = await db().ledgerEntry.findMany({ where: { merchantId: m.id, account: "merchant_available" } });
    expect(entries.map((e) => [e.kind, e.reference])).toEqual([["link_completed", link.body.reference]]);
  });

  it("needs the balance:read scope", async () => {
    const m = await newMerchant();
    const { key } = await newKey(m.id, "sandbox", { scopes: ["links:read"] });
    const res = await call("GET", "/test/api/v4/merchant/balance", { key });
    expect([res.status, res.body.error.code]).toEqual([403, 40001]);
  });
});

describe("instant transfers: validation", () => {
  let m: Merchant;
  beforeAll(async () => {
    m = await newMerchant();
  });

  it("refuses a transfer larger than the available balance with 422/40013 and writes nothing", async () => {
    const res = await transfer(m, direct);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe(40013);
    expect(await db().transfer.count({ where: { merchantId: m.id } })).toBe(0);
    expect(await db().ledgerEntry.count({ where: { merchantId: m.id } })).toBe(0);
  });

  it.each([
    [{ ...direct, beneficiaryPhone: "0700000444" }, 40014],
    [{ ...direct, gatewayName: "NOPE" }, 40012],
    [{ ...direct, gatewayName: "ORANGE_MONEY_GN" }, 40015],
    [{ ...direct, country: "SN" }, 40011],
    [{ ...direct, amount: 10.5 }, 40010],
    [{ ...direct, amount: -1 }, 40010],
    [{ ...direct, callbackUrl: "http://insecure.example" }, 40021],
    [{ ...direct, extra: 1 }, 40023],
  ])("refuses %j with %i", async (body, code) => {
    const res = await transfer(m, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
  });

  it("needs the transfers:write scope, and a sandbox key on the sandbox path", async () => {
    const { key } = await newKey(m.id, "sandbox", { scopes: ["transfers:read"] });
    const res = await call("POST", "/test/api/v4/transfers/instant", { key, body: direct });
    expect([res.status, res.body.error.code]).toEqual([403, 40001]);
    const live = await call("POST", "/test/api/v4/transfers/instant", { key: m.liveKey, body: direct });
    expect([live.status, live.body.error.code]).toEqual([401, 40002]);
  });
});

describe("instant transfers: live", () => {
  it("refuses DIRECT payouts with 502/50200 while no live operator is wired, before touching the balance", async () => {
    const m = await newMerchant();
    const res = await call("POST", "/api/v4/transfers/instant", { key: m.liveKey, body: direct });
    expect([res.status, res.body.error.code]).toEqual([502, 50200]);
    expect(await db().transfer.count({ where: { merchantId: m.id } })).toBe(0);
  });

  it("takes a live SCHEDULED payout like any other: checked against the live balance (its batch: tests/transfers/safety)", async () => {
    const m = await newMerchant();
    const res = await call("POST", "/api/v4/transfers/instant", { key: m.liveKey, body: scheduled });
    expect([res.status, res.body.error.code]).toEqual([422, 40013]);
  });

  it("checks a live MANUAL transfer against the live balance, not the sandbox one", async () => {
    const m = await newMerchant();
    await fundMerchant(m.sandboxKey, [5000]);
    const res = await call("POST", "/api/v4/transfers/instant", { key: m.liveKey, body: manual });
    expect([res.status, res.body.error.code]).toEqual([422, 40013]);
    expect(await db().ledgerEntry.count({ where: { merchantId: m.id, environment: "live" } })).toBe(0);
  });
});

describe("instant transfers: DIRECT", () => {
  it("debits amount + fees when accepted, completes through the simulated operator, and records transfer.completed", async () => {
    const m = await newMerchant();
    await fundMerchant(m.sandboxKey, [5000]);
    const res = await transfer(m, { ...direct, callbackUrl: "https://merchant.example/hooks", metadata: { payout: "7" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "pending", gatewayType: "DIRECT", amount: 1000, fees: 10, totalDebited: 1010, currency: "XOF" });
    expect(res.body.reference).toMatch(/^TRF_TEST_[0-9A-Z]{26}$/);
    expect(await xof(m)).toEqual({ currency: "XOF", available: 3990, pending: 1010 });

    // A payout's simulated answer is recorded by the read that finds it due.
    await waitUntilSandboxAnswerIsDue();
    const read = await call("GET", `/test/api/v4/transfers/${res.body.reference}`, { key: m.sandboxKey });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ reference: res.body.reference, status: "completed", metadata: { payout: "7" } });
    expect(read.body.completedAt).toEqual(expect.any(String));
    expect(await xof(m)).toEqual({ currency: "XOF", available: 3990, pending: 0 });

    const events = await db().webhookEvent.findMany({ where: { reference: res.body.reference } });
    expect(events.map((e) => e.type)).toEqual(["transfer.completed"]);
    expect(JSON.parse(events[0].payload)).toMatchObject({ event: "transfer.completed", reference: res.body.reference, status: "completed", amount: 1000, fees: 10 });
  });

  it("credits amount + fees back when the operator declines, and records transfer.failed", async () => {
    const m = await newMerchant();
    await fundMerchant(m.sandboxKey, [5000]);
    const res = await transfer(m, { ...direct, beneficiaryPhone: "+2250700000111", callbackUrl: "https://merchant.example/hooks" });
    expect(res.status).toBe(200);
    // A payout's simulated answer is recorded by the read that finds it due.
    await waitUntilSandboxAnswerIsDue();
    const read = await call("GET", `/test/api/v4/transfers/${res.body.reference}`, { key: m.sandboxKey });
    expect(read.body).toMatchObject({ status: "failed", failureReason: "declined_by_customer" });
    expect(await xof(m)).toEqual({ currency: "XOF", available: 5000, pending: 0 });
    const events = await db().webhookEvent.findMany({ where: { reference: res.body.reference } });
    expect(events.map((e) => e.type)).toEqual(["transfer.failed"]);
  });

  it("replays an Idempotency-Key without debiting twice", async () => {
    const m = await newMerchant();
    await fundMerchant(m.sandboxKey, [5000]);
    const first = await transfer(m, direct, { "idempotency-key": "payout-1" });
    const second = await transfer(m, direct, { "idempotency-key": "payout-1" });
    expect(second.status).toBe(200);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.body.reference).toBe(first.body.reference);
    expect(await db().transfer.count({ where: { merchantId: m.id } })).toBe(1);
    expect((await xof(m)).available).toBe(3990);
  });

  it("answers 404/40004 for another merchant's transfer, and for the live path", async () => {
    const m = await newMerchant();
    await fundMerchant(m.sandboxKey, [5000]);
    const res = await transfer(m, direct);
    const other = await newMerchant();
    const read = await call("GET", `/test/api/v4/transfers/${res.body.reference}`, { key: other.sandboxKey });
    expect([read.status, read.body.error.code]).toEqual([404, 40004]);
    const live = await call("GET", `/api/v4/transfers/${res.body.reference}`, { key: m.liveKey });
    expect([live.status, live.body.error.code]).toEqual([404, 40004]);
  });
});

describe("instant transfers: SCHEDULED", () => {
  it("waits for its batch, then the scheduled job sends it", async () => {
    const m = await newMerchant();
    await fundMerchant(m.sandboxKey, [5000]);
    const res = await transfer(m, scheduled);
    expect(res.status).toBe(200);
    // 0.5 % rounded up (5) + 500 fixed
    expect(res.body).toMatchObject({ status: "pending", gatewayType: "SCHEDULED", fees: 505, totalDebited: 1505 });
    const scheduledFor = new Date(`${res.body.scheduledFor}Z`);
    expect(scheduledFor.getTime()).toBeGreaterThan(Date.now());

    await sendDueMoneyOut(db(), TRANSFER_KIND, { now: new Date() });
    expect((await call("GET", `/test/api/v4/transfers/${res.body.reference}`, { key: m.sandboxKey })).body.status).toBe("pending");
    expect(await xof(m)).toEqual({ currency: "XOF", available: 3495, pending: 1505 });

    const report = await sendDueMoneyOut(db(), TRANSFER_KIND, { now: new Date(scheduledFor.getTime() + 1000) });
    expect(report.settled).toBeGreaterThanOrEqual(1);
    const read = await call("GET", `/test/api/v4/transfers/${res.body.reference}`, { key: m.sandboxKey });
    expect(read.body).toMatchObject({ status: "completed", scheduledFor: null });
    expect(await xof(m)).toEqual({ currency: "XOF", available: 3495, pending: 0 });
  });
});

describe("instant transfers: MANUAL", () => {
  let admin: Awaited<ReturnType<typeof staffSession>>;
  let support: Awaited<ReturnType<typeof staffSession>>;
  beforeAll(async () => {
    admin = await staffSession("admin");
    support = await staffSession("support");
  });
  const review = (who: { cookie: string; csrf: string }, reference: string, decision: string, csrf = true) =>
    call("POST", `/admin/api/transfers/${reference}/${decision}`, {
      body: {},
      // With the one-time token the support view's buttons draw (a new one per decision).
      headers: { cookie: who.cookie, "idempotency-key": newFormToken(), ...(csrf ? { "x-csrf-token": who.csrf } : {}) },
    });

  it("waits for an admin; approval completes it, audited", async () => {
    const m = await newMerchant();
    await fundMerchant(m.sandboxKey, [5000]);
    const res = await transfer(m, { ...manual, callbackUrl: "https://merchant.example/hooks" });
    expect(res.body).toMatchObject({ status: "pending", gatewayType: "MANUAL", awaitingApproval: true, fees: 15 });
    await sendDueMoneyOut(db(), TRANSFER_KIND, { now: new Date(Date.now() + 86_400_000) });
    expect((await call("GET", `/test/api/v4/transfers/${res.body.reference}`, { key: m.sandboxKey })).body.status).toBe("pending");

    const list = await call("GET", "/admin/api/transfers/pending", { headers: { cookie: support.cookie }, query: { merchantId: m.id } });
    expect(list.body.transfers.map((t: { reference: string }) => t.reference)).toEqual([res.body.reference]);

    expect((await review(support, res.body.reference, "approve")).status).toBe(403);
    expect((await review(admin, res.body.reference, "approve", false)).status).toBe(403);
    const approved = await review(admin, res.body.reference, "approve");
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "completed", awaitingApproval: false });
    const again = await review(admin, res.body.reference, "reject");
    expect(again.status).toBe(409);

    expect(await xof(m)).toEqual({ currency: "XOF", available: 3985, pending: 0 });
    const audit = await db().auditEntry.findMany({ where: { targetId: res.body.reference } });
    expect(audit.map((a) => a.action)).toEqual(["transfer.approve"]);
    const events = await db().webhookEvent.findMany({ where: { reference: res.body.reference } });
    expect(events.map((e) => e.type)).toEqual(["transfer.completed"]);
  });

  it("rejection fails it and gives the money back", async () => {
    const m = await newMerchant();
    await fundMerchant(m.sandboxKey, [5000]);
    const res = await transfer(m, manual);
    const rejected = await call("POST", `/admin/api/transfers/${res.body.reference}/reject`, {
      body: { reason: "beneficiary unknown" },
      headers: { cookie: admin.cookie, "x-csrf-token": admin.csrf, "idempotency-key": newFormToken() },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: "failed", failureReason: "rejected_by_platform: beneficiary unknown" });
    expect(await xof(m)).toEqual({ currency: "XOF", available: 5000, pending: 0 });
    const audit = await db().auditEntry.findMany({ where: { targetId: res.body.reference } });
    expect(audit.map((a) => [a.action, a.details])).toEqual([["transfer.reject", { reason: "beneficiary unknown" }]]);
  });
});

describe("instant transfers: races", () => {
  it("50 concurrent transfers that together exceed the balance never overdraw it", async () => {
    const m = await newMerchant();
    await fundMerchant(m.sandboxKey, [10_000, 10_000]);
    // 1000 + 10 fees each: 20,000 covers 19 of them, 50 are asked for.
    const results = await Promise.all(Array.from({ length: 50 }, () => transfer(m, { ...direct, beneficiaryPhone: "+2250700000222" })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    expect(statuses.filter((s) => s === 422)).toHaveLength(31);
    expect(results.filter((r) => r.status === 422).every((r) => r.body.error.code === 40013)).toBe(true);
    expect(await xof(m)).toEqual({ currency: "XOF", available: 20_000 - 19 * 1010, pending: 19 * 1010 });
    expect(await db().transfer.count({ where: { merchantId: m.id } })).toBe(19);
  });
});

describe("the OpenAPI document", () => {
  it("describes the balance, transfer and analytics endpoints and the transfer webhook", async () => {
    const res = await call("GET", "/api/v4/openapi.json");
    expect(res.body.paths["/api/v4/merchant/balance"].get.operationId).toBe("getBalance");
    expect(Object.keys(res.body.paths["/api/v4/transfers/instant"].post.responses)).toEqual(expect.arrayContaining(["200", "400", "422", "502"]));
    // One rule for "created" (the spec fixes a link's creation at 200): every POST answers 200, none 201.
    const posts = Object.entries(res.body.paths as Record<string, { post?: { responses: object } }>).filter(([, item]) => item.post);
    expect(posts.length).toBeGreaterThan(5);
    for (const [path, item] of posts) expect(Object.keys(item.post!.responses), path).toContain("200");
    for (const [path, item] of posts) expect(Object.keys(item.post!.responses), path).not.toContain("201");
    expect(res.body.paths["/api/v4/transfers/{reference}"].get.operationId).toBe("getTransfer");
    expect(res.body.paths["/api/v4/merchant/analytics"].get.parameters.map((p: { name: string }) => p.name)).toEqual(["from", "to", "currency"]);
    expect(Object.keys(res.body.components.schemas.TransferWebhook.properties)).toEqual([
      "event", "reference", "status", "amount", "currency", "fees", "gatewayName", "beneficiaryPhone", "failureReason", "completedAt", "metadata", "batchLineReference",
    ]);
  });
});
