import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { transferBatchCompletedWebhookSchema } from "@/lib/core/schemas/transfer-batch";
import { sendDueBatchLines } from "@/lib/features/transfers/batches/send-batch-lines";
import { call } from "../helpers/api-client";
import { newKey, newMember, newMerchant, waitUntilSandboxAnswerIsDue } from "../helpers/fixtures";
import { availableBalance, fundMerchant } from "../helpers/fund-merchant";
import { expectLedgerBalanced } from "../helpers/ledger-invariant";

// Bulk payouts through the merchant API (issue 49): POST /api/v4/transfers/batch and the batch's
// reads and actions, over the route table as a client calls them, with keys made by members
// (maker-checker: the key's maker is the batch's maker). The core's own rules are in
// batches-core.integration.test.ts.

type Merchant = Awaited<ReturnType<typeof newMerchant>>;

const BATCH = "/test/api/v4/transfers/batch";
const line = (reference: string, phone: string, amount = 1000) => ({ reference, amount, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: phone, country: "CI" });
/** Fees of MTN_MOMO_CI payouts: 1%, rounded up. */
const feeOf = (amount: number) => Math.ceil(amount / 100);

let m: Merchant;
/** Keys made by three members: the maker's, and two others' who may approve. */
let makerKey: string;
let checkerKey: string;
let otherCheckerKey: string;

beforeEach(async () => {
  m = await newMerchant();
  const [maker, checker, otherChecker] = [await newMember(m.id, "admin"), await newMember(m.id, "admin"), await newMember(m.id, "owner")];
  makerKey = (await newKey(m.id, "sandbox", { createdByUserId: maker })).key;
  checkerKey = (await newKey(m.id, "sandbox", { createdByUserId: checker })).key;
  otherCheckerKey = (await newKey(m.id, "sandbox", { createdByUserId: otherChecker })).key;
});
afterEach(expectLedgerBalanced);

const create = (body: unknown, key = makerKey, headers: Record<string, string> = {}) => call("POST", BATCH, { key, body, headers });
const approve = (reference: string, key = checkerKey) => call("POST", `${BATCH}/${reference}/approve`, { key });
const batchesOf = (merchant: Merchant) => db().transferBatch.count({ where: { merchantId: merchant.id } });
const transfersOf = (merchant: Merchant) => db().transfer.count({ where: { merchantId: merchant.id } });

describe("POST /api/v4/transfers/batch", () => {
  it("makes a batch awaiting approval, holding nothing; GET reads it back with its counts and totals", async () => {
    await fundMerchant(m.sandboxKey, [10_000]);
    const res = await create({ title: "Salaires", items: [line("s1", "+2250700000444", 2000), line("s2", "+2250700000445", 3000)] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      reference: expect.stringMatching(/^BATCH_TEST_/),
      status: "awaiting_approval",
      title: "Salaires",
      currency: "XOF",
      lineCount: 2,
      amount: 5000,
      fees: 50,
      totalDebited: 5050,
      counts: { awaiting_approval: 2, pending: 0, completed: 0, failed: 0, cancelled: 0 },
      totals: { awaiting_approval: { amount: 5000, fees: 50 }, completed: { amount: 0, fees: 0 } },
      retryOf: null,
      approvedAt: null,
    });
    expect(await availableBalance(m.sandboxKey)).toBe(10_000);
    expect(await transfersOf(m)).toBe(0);
    const read = await call("GET", `${BATCH}/${res.body.reference}`, { key: m.sandboxKey });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it("refuses a batch with bad lines whole, naming each line's field and rule in error.lines; nothing written, nothing held", async () => {
    await fundMerchant(m.sandboxKey, [10_000]);
    const res = await create({
      items: [
        line("ok-1", "+2250700000444"),
        line("sn-phone", "+221770000444"),
        line("ok-1", "+2250700000446"),
        { ...line("neg", "+2250700000447"), amount: -5 },
        { ...line("gw", "+2250700000448"), gatewayName: "NOPE" },
        { ...line("extra", "+2250700000449"), tip: 1 },
        "not an object",
      ],
    });
    expect([res.status, res.body.error.code]).toEqual([400, 40023]);
    expect(res.body.error.details).toMatch(/^6 of 7 lines refused, nothing was written/);
    expect(res.body.error.lines.map((l: { line: number; field: string; rule: string }) => [l.line, l.field, l.rule])).toEqual([
      [2, "beneficiaryPhone", "phone_country"],
      [3, "reference", "duplicate_in_batch"],
      [4, "amount", "too_small"],
      [5, "gatewayName", "not_enabled"],
      [6, "tip", "unknown_field"],
      [7, "items", "wrong_type"],
    ]);
    expect(res.body.error.lines[1]).toMatchObject({ reference: "ok-1", message: expect.stringContaining("line 1") });
    expect(await batchesOf(m)).toBe(0);
    expect(await availableBalance(m.sandboxKey)).toBe(10_000);
  });

  it("refuses an envelope that breaks its own rules with the field named, not error.lines", async () => {
    for (const [body, field] of [
      [{}, "items is required"],
      [{ items: [] }, "items must hold at least one transfer"],
      [{ items: {} }, "items must be an array"],
      [{ items: [line("a", "+2250700000444")], title: "" }, "title must not be empty"],
      [{ items: [line("a", "+2250700000444")], nope: 1 }, "unknown field 'nope'"],
    ] as const) {
      const res = await create(body);
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([400, 40023]);
      expect(res.body.error.details).toContain(field);
      expect(res.body.error.lines).toBeUndefined();
    }
    // A line nested thousands deep (the lines reach the Idempotency-Key's fingerprint unread): refused, never a 500.
    const deep = await call("POST", BATCH, { key: makerKey, rawBody: `{"items":[${"[".repeat(5000)}1${"]".repeat(5000)}]}`, headers: { "idempotency-key": "deep" } });
    expect([deep.status, deep.body.error.code]).toEqual([400, 40023]);
    const badCallback = await create({ items: [line("a", "+2250700000444")], callbackUrl: "http://merchant.example/hooks" });
    expect([badCallback.status, badCallback.body.error.code]).toEqual([400, 40021]);
    expect(await batchesOf(m)).toBe(0);
  });

  it("refuses a total over the available balance with 422/40013, writing nothing", async () => {
    await fundMerchant(m.sandboxKey, [5000]);
    const res = await create({ items: [line("a", "+2250700000444", 3000), line("b", "+2250700000445", 2000)] });
    expect([res.status, res.body.error.code]).toEqual([422, 40013]);
    expect(res.body.error.details).toContain("this batch needs 5050");
    expect(await batchesOf(m)).toBe(0);
  });

  it("answers the same Idempotency-Key and body with the first batch (one row), another body with 422", async () => {
    await fundMerchant(m.sandboxKey, [10_000]);
    const body = { items: [line("k1", "+2250700000444")] };
    const first = await create(body, makerKey, { "idempotency-key": "payroll-nov" });
    const again = await create(body, makerKey, { "idempotency-key": "payroll-nov" });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.reference).toBe(first.body.reference);
    const other = await create({ items: [line("k2", "+2250700000445")] }, makerKey, { "idempotency-key": "payroll-nov" });
    expect([other.status, other.body.error.code]).toEqual([422, 40020]);
    expect(await batchesOf(m)).toBe(1);
  });

  it("takes 500 lines with names and metadata (well over the API's 64 KiB), and refuses a body over 1 MiB with 413", async () => {
    await fundMerchant(m.sandboxKey, [60_000]);
    const items = Array.from({ length: 500 }, (_, i) => ({
      ...line(`payroll-2026-11-${String(i).padStart(4, "0")}`, `+22507${String(i).padStart(8, "0")}`, 100),
      beneficiaryName: `Enseignant numéro ${i} de l'école Sainte-Marie`,
      metadata: { employeeId: `E-${i}`, school: "Sainte-Marie de Cocody" },
    }));
    const raw = JSON.stringify({ title: "Salaires", items });
    expect(raw.length).toBeGreaterThan(100 * 1024);
    const res = await create({ title: "Salaires", items });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lineCount: 500, amount: 50_000, fees: 500 });

    const tooMany = await create({ items: [...items, line("501", "+2250799999999", 100)] });
    expect([tooMany.status, tooMany.body.error.code]).toEqual([400, 40023]);
    expect(tooMany.body.error.details).toContain("at most 500");
    const huge = await create({ items: items.map((item) => ({ ...item, metadata: { note: "x".repeat(2500) } })) });
    expect([huge.status, huge.body.error.code]).toEqual([413, 40023]);
    expect(await batchesOf(m)).toBe(1);
  }, 60_000);
});

describe("approving a batch (maker-checker)", () => {
  async function awaitingBatch(amounts = [1000, 2000]) {
    const res = await create({ items: amounts.map((amount, i) => line(`l${i}`, `+22507000004${40 + i}`, amount)) });
    expect(res.status).toBe(200);
    return res.body.reference as string;
  }

  it("refuses the maker's own key with 403 and holds nothing; a key without transfers:approve or without a recorded maker too", async () => {
    await fundMerchant(m.sandboxKey, [10_000]);
    const reference = await awaitingBatch();
    const own = await approve(reference, makerKey);
    expect([own.status, own.body.error.code]).toEqual([403, 40001]);
    expect(own.body.error.details).toContain("another member than the one who made it");

    const scopeless = (await newKey(m.id, "sandbox", { createdByUserId: await newMember(m.id, "admin"), scopes: ["transfers:read", "transfers:write"] })).key;
    const noScope = await approve(reference, scopeless);
    expect([noScope.status, noScope.body.error.code]).toEqual([403, 40001]);
    expect(noScope.body.error.details).toContain("transfers:approve");

    const cliKey = await approve(reference, m.sandboxKey);
    expect([cliKey.status, cliKey.body.error.code]).toEqual([403, 40001]);

    expect(await availableBalance(m.sandboxKey)).toBe(10_000);
    expect(await transfersOf(m)).toBe(0);
    expect((await call("GET", `${BATCH}/${reference}`, { key: makerKey })).body.status).toBe("awaiting_approval");
  });

  it("by another member's key: processing, one transfer per line, amounts + fees held from the balance", async () => {
    await fundMerchant(m.sandboxKey, [10_000]);
    const reference = await awaitingBatch([1000, 2000]);
    const res = await approve(reference);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reference, status: "processing", counts: { awaiting_approval: 0, pending: 2 }, approvedAt: expect.any(String) });
    expect(await transfersOf(m)).toBe(2);
    expect(await availableBalance(m.sandboxKey)).toBe(10_000 - 3000 - feeOf(1000) - feeOf(2000));
  });

  it("two approvals at once by two other members: exactly one 200, the other 409, one set of transfers", async () => {
    await fundMerchant(m.sandboxKey, [10_000]);
    const reference = await awaitingBatch([1000, 2000, 3000]);
    const answers = await Promise.all([approve(reference, checkerKey), approve(reference, otherCheckerKey)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error.code).toBe(40020);
    expect(await transfersOf(m)).toBe(3);
    expect(await availableBalance(m.sandboxKey)).toBe(10_000 - 6000 - 60);
  });

  it("refuses an approval the balance no longer covers with 422/40013, holding nothing", async () => {
    await fundMerchant(m.sandboxKey, [5000]);
    const reference = await awaitingBatch([3000]);
    // The balance is spent elsewhere meanwhile.
    const { reference: _line, ...single } = line("x", "+2250700000444", 2500);
    const payout = await call("POST", "/test/api/v4/transfers/instant", { key: m.sandboxKey, body: single });
    expect(payout.status).toBe(200);
    const res = await approve(reference);
    expect([res.status, res.body.error.code]).toEqual([422, 40013]);
    expect(await db().transfer.count({ where: { merchantId: m.id, batchId: { not: null } } })).toBe(0);
    expect((await call("GET", `${BATCH}/${reference}`, { key: makerKey })).body.status).toBe("awaiting_approval");
  });

  it("cancel: cancelled, nothing held; neither approved nor cancelled again (409); its references free for another batch", async () => {
    await fundMerchant(m.sandboxKey, [10_000]);
    const reference = await awaitingBatch([1000]);
    const res = await call("POST", `${BATCH}/${reference}/cancel`, { key: makerKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "cancelled", cancelledAt: expect.any(String), counts: { cancelled: 1, awaiting_approval: 0 } });
    expect((await approve(reference)).status).toBe(409);
    const again = await call("POST", `${BATCH}/${reference}/cancel`, { key: checkerKey });
    expect([again.status, again.body.error.code]).toEqual([409, 40020]);
    expect(await availableBalance(m.sandboxKey)).toBe(10_000);
    expect((await create({ items: [line("l0", "+2250700000440", 1000)] })).status).toBe(200);
  });
});

describe("a batch's lines, its end and its retry", () => {
  it("pages the lines by line number, filters by status, refuses a bad query naming the field", async () => {
    await fundMerchant(m.sandboxKey, [20_000]);
    const made = await create({ items: Array.from({ length: 5 }, (_, i) => line(`p${i + 1}`, `+22507000004${50 + i}`, 1000 + i)) });
    const lines = `${BATCH}/${made.body.reference}/lines`;
    const first = await call("GET", lines, { key: m.sandboxKey, query: { limit: "2" } });
    expect(first.status).toBe(200);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.data.map((l: { line: number; reference: string }) => [l.line, l.reference])).toEqual([[1, "p1"], [2, "p2"]]);
    expect(first.body.data[0]).toMatchObject({ status: "awaiting_approval", amount: 1000, fees: 10, gatewayName: "MTN_MOMO_CI", transferReference: null });
    const last = await call("GET", lines, { key: m.sandboxKey, query: { limit: "2", startingAfter: "4" } });
    expect(last.body).toMatchObject({ hasMore: false, data: [{ line: 5, reference: "p5" }] });
    expect((await call("GET", lines, { key: m.sandboxKey })).body.data).toHaveLength(5);
    expect((await call("GET", lines, { key: m.sandboxKey, query: { status: "completed" } })).body).toEqual({ data: [], hasMore: false });

    for (const [query, field] of [
      [{ limit: "0" }, "limit"],
      [{ limit: "101" }, "limit"],
      [{ startingAfter: "x" }, "startingAfter"],
      [{ status: "nope" }, "status"],
      [{ cursor: "1" }, "cursor"],
    ] as const) {
      const res = await call("GET", lines, { key: m.sandboxKey, query });
      expect([res.status, res.body.error.code], JSON.stringify(query)).toEqual([400, 40023]);
      expect(res.body.error.details).toContain(field);
    }
  });

  it("sends the lines once approved, ends completed_with_failures with transfer_batch.completed once; a retry makes a batch of the failed lines only", async () => {
    await fundMerchant(m.sandboxKey, [10_000]);
    // Sandbox payouts: a phone ending 444 is paid, 333 refused by the operator, 111 declined.
    const made = await create({ title: "Riders", items: [line("r-paid", "+2250700000444", 1000), line("r-refused", "+2250700000333", 2000), line("r-declined", "+2250700000111", 3000)] });
    const reference = made.body.reference as string;
    expect((await approve(reference)).status).toBe(200);
    expect(await availableBalance(m.sandboxKey)).toBe(10_000 - 6060);

    await waitUntilSandboxAnswerIsDue();
    await sendDueBatchLines(db());
    const done = await call("GET", `${BATCH}/${reference}`, { key: m.sandboxKey });
    expect(done.body).toMatchObject({
      status: "completed_with_failures",
      completedAt: expect.any(String),
      counts: { completed: 1, failed: 2, pending: 0 },
      totals: { completed: { amount: 1000, fees: 10 }, failed: { amount: 5000, fees: 50 } },
    });
    // The failed lines' amounts and fees are back.
    expect(await availableBalance(m.sandboxKey)).toBe(10_000 - 1010);

    const failed = await call("GET", `${BATCH}/${reference}/lines`, { key: m.sandboxKey, query: { status: "failed" } });
    expect(failed.body.data.map((l: { reference: string }) => l.reference)).toEqual(["r-refused", "r-declined"]);
    expect(failed.body.data[0].failureReason).toEqual(expect.any(String));

    // Each line is a transfer of its own, which names its line.
    const paid = (await call("GET", `${BATCH}/${reference}/lines`, { key: m.sandboxKey, query: { status: "completed" } })).body.data[0];
    const transfer = await call("GET", `/test/api/v4/transfers/${paid.transferReference}`, { key: m.sandboxKey });
    expect(transfer.body).toMatchObject({ status: "completed", amount: 1000, batchLineReference: "r-paid" });

    const events = await call("GET", "/test/api/v4/events", { key: m.sandboxKey, query: { type: "transfer_batch.completed" } });
    expect(events.status).toBe(200);
    expect(events.body.data).toHaveLength(1);
    expect(events.body.data[0]).toMatchObject({ type: "transfer_batch.completed", reference, payload: { event: "transfer_batch.completed", reference, status: "completed_with_failures", counts: { completed: 1, failed: 2 } } });
    expect(transferBatchCompletedWebhookSchema.safeParse(events.body.data[0].payload).error).toBeUndefined();

    // Retry the failed lines: a new batch of them alone, awaiting approval again; a second retry is refused.
    const retry = await call("POST", `${BATCH}/${reference}/retry`, { key: makerKey });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ status: "awaiting_approval", retryOf: reference, lineCount: 2, amount: 5000, title: "Riders (retry)" });
    const retryLines = await call("GET", `${BATCH}/${retry.body.reference}/lines`, { key: m.sandboxKey });
    expect(retryLines.body.data.map((l: { reference: string; beneficiaryPhone: string }) => [l.reference, l.beneficiaryPhone])).toEqual([
      ["r-refused", "+2250700000333"],
      ["r-declined", "+2250700000111"],
    ]);
    const twice = await call("POST", `${BATCH}/${reference}/retry`, { key: makerKey });
    expect([twice.status, twice.body.error.code]).toEqual([400, 40020]);
    // It names the batch that took them, for a client that lost the first answer.
    expect(twice.body.error.details).toContain(retry.body.reference);
    expect(await batchesOf(m)).toBe(2);
  });

  it("refuses to retry a batch that is not completed with failures", async () => {
    await fundMerchant(m.sandboxKey, [5000]);
    const made = await create({ items: [line("a", "+2250700000444")] });
    const res = await call("POST", `${BATCH}/${made.body.reference}/retry`, { key: makerKey });
    expect([res.status, res.body.error.code]).toEqual([400, 40020]);
    expect(res.body.error.details).toContain("awaiting approval");
  });
});

describe("who may reach a batch", () => {
  it("another merchant's batch is not found, for every operation; a key of the other environment is 401", async () => {
    await fundMerchant(m.sandboxKey, [5000]);
    const reference = (await create({ items: [line("a", "+2250700000444")] })).body.reference as string;
    const stranger = await newMerchant();
    const strangerKey = (await newKey(stranger.id, "sandbox", { createdByUserId: await newMember(stranger.id, "owner") })).key;
    for (const [method, path] of [
      ["GET", `${BATCH}/${reference}`],
      ["GET", `${BATCH}/${reference}/lines`],
      ["POST", `${BATCH}/${reference}/approve`],
      ["POST", `${BATCH}/${reference}/cancel`],
      ["POST", `${BATCH}/${reference}/retry`],
    ] as const) {
      const res = await call(method, path, { key: strangerKey });
      expect([res.status, res.body.error.code], `${method} ${path}`).toEqual([404, 40004]);
    }
    expect((await call("GET", `${BATCH}/${reference}`, { key: m.liveKey })).status).toBe(401);
    expect((await call("GET", `/api/v4/transfers/batch/${reference}`, { key: m.sandboxKey })).status).toBe(401);
    // The live path does not find a sandbox batch, even with the merchant's own live key.
    expect((await call("GET", `/api/v4/transfers/batch/${reference}`, { key: m.liveKey })).status).toBe(404);
    expect((await call("GET", `${BATCH}/${reference}`, { key: makerKey })).body.status).toBe("awaiting_approval");
  });
});
