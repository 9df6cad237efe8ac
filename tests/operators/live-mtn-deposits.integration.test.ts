import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkoutGateways } from "@/lib/features/checkout/checkout-gateways";
import { receiveOperatorCallback } from "@/lib/features/deposits/receive-operator-callback";
import { transitionDeposit } from "@/lib/features/deposits/transition-deposit";
import { db } from "@/lib/core/db/client";
import { runDueWork } from "@/lib/features/jobs/run-due-work";
import { call } from "../helpers/api-client";
import { availableBalance } from "../helpers/fund-merchant";
import { validDeposit, validLink } from "../helpers/fixtures";
import { merchantCheckedAfterEach } from "../helpers/reconciled";
import { staffSession } from "../helpers/staff-session";
import { mtnMomoFakeEnv } from "../fakes/start-operator-fakes";
import { startFakeServer } from "../fakes/fake-http";
import { startMtnMomoFake, type MtnCustomer, type MtnMomoFake } from "../fakes/mtn-momo-fake";

// Issue 15: live deposits through MTN_MOMO_CI against the local MTN fake, configured only through
// the documented environment variables. Each outcome ends in one state, with the operator's
// reference, exactly one merchant webhook, and books that reconcile.

let fake: MtnMomoFake;
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startMtnMomoFake();
  Object.assign(process.env, mtnMomoFakeEnv(fake), {
    MTN_MOMO_COUNTRIES: "CI",
    // Short, so the timeout case runs fast; the fake's slow answer is longer.
    OPERATOR_TIMEOUT_MS: "400",
  });
});
afterAll(async () => {
  process.env = saved;
  await fake.close();
});

const merchant = merchantCheckedAfterEach();

const CALLBACK = "https://hooks.invalid/deposits";
let phones = 0;
/** A fresh customer whose behaviour at MTN is scripted. */
function customer(behaviour: MtnCustomer = "approve") {
  const msisdn = `225070${String(Date.now() % 1e5).padStart(5, "0")}${String(++phones).padStart(2, "0")}`;
  fake.script(msisdn, { customer: behaviour, callback: "none" });
  return `+${msisdn}`;
}
const initiate = (customerPhone: string) =>
  call("POST", "/api/v4/classic/deposit/initiate", { key: merchant().liveKey, body: { ...validDeposit, customerPhone, callbackUrl: CALLBACK } });
const row = (reference: string) => db().deposit.findUniqueOrThrow({ where: { reference } });
// In the order recorded (msg_ ids are ULIDs): without an order PostgreSQL returns its rows as they lie.
const events = (reference: string) => db().webhookEvent.findMany({ where: { reference }, orderBy: { id: "asc" } });
const depositCount = () => db().deposit.count({ where: { merchantId: merchant().id } });
const statusReads = (referenceId: string) => fake.received.filter((r) => r.method === "GET" && r.path.endsWith(`/requesttopay/${referenceId}`));

describe("a live MTN MoMo deposit", () => {
  it("is written with its X-Reference-Id, charges amount + fees, and completes with MTN's financialTransactionId", async () => {
    const phone = customer("approve");
    const res = await initiate(phone);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("pending");
    const deposit = await row(res.body.reference);
    expect(deposit.operatorRequestId).toMatch(/^[0-9a-f-]{36}$/);
    const sent = fake.transactions.get(deposit.operatorRequestId!);
    expect(sent?.body.amount).toBe(String(deposit.amountMinor + deposit.feesMinor));
    expect(sent?.body.externalId).toBe(deposit.reference);

    // A merchant's read before the first check is due does not call MTN (operators rate-limit).
    const reads = statusReads(deposit.operatorRequestId!).length;
    const early = await call("GET", `/api/v4/deposits/${deposit.reference}`, { key: merchant().liveKey });
    expect(early.body.status).toBe("pending");
    expect(statusReads(deposit.operatorRequestId!).length).toBe(reads);
    // Once due, a read asks MTN (its own status read, by our id).
    await db().deposit.update({ where: { id: deposit.id }, data: { nextCheckAt: new Date(Date.now() - 1) } });
    const read = await call("GET", `/api/v4/deposits/${deposit.reference}`, { key: merchant().liveKey });
    expect(read.body.status).toBe("completed");
    const settled = await row(deposit.reference);
    expect(settled.operatorReference).toBe(sent?.financialTransactionId);
    expect((await events(deposit.reference)).map((e) => e.type)).toEqual(["deposit.completed"]);

    // Support sees MTN's references; the merchant's API does not carry them.
    expect(read.body).not.toHaveProperty("operatorReference");
    const support = await staffSession("support");
    const detail = await call("GET", `/admin/api/payments/${deposit.reference}`, { headers: { cookie: support.cookie, "x-csrf-token": support.csrf } });
    expect(detail.body.payment).toMatchObject({ operatorRequestId: deposit.operatorRequestId, operatorReference: sent?.financialTransactionId });
  });

  it.each([
    ["decline", "declined_by_customer"],
    ["insufficient_funds", "insufficient_funds"],
  ] as const)("a customer who %ss fails it with MTN's reason, once, by the polling sweep", async (behaviour, reason) => {
    const res = await initiate(customer(behaviour));
    const deposit = await row(res.body.reference);
    expect(deposit.nextCheckAt?.getTime()).toBe(deposit.createdAt.getTime() + 5_000);
    // Before its first check the sweep leaves it alone; at it, it reads MTN's status.
    await runDueWork(db(), new Date(deposit.createdAt.getTime() + 1_000));
    expect((await row(deposit.reference)).status).toBe("pending");
    await runDueWork(db(), new Date(deposit.createdAt.getTime() + 5_000));
    await runDueWork(db(), new Date(deposit.createdAt.getTime() + 6_000));
    const settled = await row(deposit.reference);
    expect([settled.status, settled.failureReason]).toEqual(["failed", reason]);
    expect((await events(deposit.reference)).map((e) => e.type)).toEqual(["deposit.failed"]);
  });

  it("a customer who never answers: polled with back-off, then expired after a last status read", async () => {
    const res = await initiate(customer("never_answers"));
    const deposit = await row(res.body.reference);
    await runDueWork(db(), new Date(deposit.createdAt.getTime() + 5_000));
    expect((await row(deposit.reference)).nextCheckAt?.getTime()).toBe(deposit.createdAt.getTime() + 15_000);
    await runDueWork(db(), new Date(deposit.createdAt.getTime() + 15_000));
    expect((await row(deposit.reference)).nextCheckAt?.getTime()).toBe(deposit.createdAt.getTime() + 60_000);
    const readsBefore = statusReads(deposit.operatorRequestId!).length;
    await runDueWork(db(), new Date(deposit.expiresAt.getTime() + 1_000));
    expect(statusReads(deposit.operatorRequestId!).length).toBe(readsBefore + 1);
    expect((await row(deposit.reference)).status).toBe("expired");
    expect((await events(deposit.reference)).map((e) => e.type)).toEqual(["deposit.expired"]);
  });

  it("a payment MTN approved is completed, not expired, when the last read comes after our expiry", async () => {
    const res = await initiate(customer("approve"));
    const deposit = await row(res.body.reference);
    await runDueWork(db(), new Date(deposit.expiresAt.getTime() + 1_000));
    expect((await row(deposit.reference)).status).toBe("completed");
  });

  // Issue 26: this used to answer 502 and delete the deposit when one status read right after the
  // 500 found nothing. MTN queues a request once validated and may still answer 500, showing it
  // only later: a bare 500 is now sent again under the same X-Reference-Id (409 if MTN had it),
  // and only MTN's refusal codes leave nothing (tests/operators/live-mtn-conformance.integration.test.ts).
  it("MTN answers a bare HTTP 500 without taking the request: sent again with the same X-Reference-Id, one payment", async () => {
    const before = await depositCount();
    fake.failNext({ status: 500 });
    const res = await initiate(customer("approve"));
    expect([res.status, res.body.status]).toEqual([200, "pending"]);
    const deposit = await row(res.body.reference);
    const posts = fake.received.filter((r) => r.method === "POST" && r.headers["x-reference-id"] === deposit.operatorRequestId);
    expect(posts).toHaveLength(2);
    expect(fake.transactions.get(deposit.operatorRequestId!)?.body.externalId).toBe(deposit.reference);
    expect(await depositCount()).toBe(before + 1);
  });

  it("MTN refuses with one of its 500 refusal codes: 502, nothing created, no credential shown", async () => {
    const before = await depositCount();
    fake.serverErrorNext({ status: 500, code: "NOT_ALLOWED", recorded: false });
    const res = await initiate(customer("approve"));
    expect([res.status, res.body.error.code]).toEqual([502, 50200]);
    expect(res.body.error.details).toContain("no deposit was created");
    expect(JSON.stringify(res.body)).not.toContain(fake.config.apiKey);
    expect(await depositCount()).toBe(before);
  });

  it("MTN's token endpoint does not answer: the payment was never sent, so 502 and nothing created", async () => {
    const silent = await startFakeServer(() => new Promise(() => undefined));
    const before = await depositCount();
    const base = process.env.MTN_MOMO_BASE_URL;
    process.env.MTN_MOMO_BASE_URL = silent.url;
    try {
      const res = await initiate(customer("approve"));
      expect([res.status, res.body.error?.code]).toEqual([502, 50200]);
    } finally {
      process.env.MTN_MOMO_BASE_URL = base;
      await silent.close();
    }
    expect(await depositCount()).toBe(before);
  });

  it("MTN times out after taking the request: pending with its X-Reference-Id, resolved by polling", async () => {
    fake.failNext({ delayMs: 900, process: true });
    const res = await initiate(customer("approve"));
    expect([res.status, res.body.status]).toEqual([200, "pending"]);
    const deposit = await row(res.body.reference);
    expect(deposit.operatorRequestId).toBeTruthy();
    await vi.waitFor(() => expect(fake.transactions.has(deposit.operatorRequestId!)).toBe(true), { timeout: 10_000 });
    await runDueWork(db(), new Date(deposit.createdAt.getTime() + 5_000));
    expect((await row(deposit.reference)).status).toBe("completed");
    expect((await events(deposit.reference)).length).toBe(1);
  });

  it("MTN's callback only triggers a status read: a forged SUCCESSFUL for an unanswered prompt changes nothing", async () => {
    const res = await initiate(customer("never_answers"));
    const deposit = await row(res.body.reference);
    const forged = { externalId: deposit.reference, amount: "1", currency: "XOF", status: "SUCCESSFUL", financialTransactionId: "1" };
    const answer = await call("PUT", "/api/operators/mtn-momo/callback", { rawBody: JSON.stringify(forged), query: { reference: deposit.reference } });
    expect(answer.status).toBe(200);
    await vi.waitFor(() => expect(statusReads(deposit.operatorRequestId!).length).toBeGreaterThan(0), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await row(deposit.reference)).status).toBe("pending");
    expect(await events(deposit.reference)).toEqual([]);
  });

  it("a callback (PUT or POST, duplicated) settles the deposit by MTN's status, once", async () => {
    const res = await initiate(customer("decline"));
    const reference = res.body.reference;
    for (const method of ["POST", "PUT", "PUT"]) {
      const answer = await call(method, "/api/operators/mtn-momo/callback", { rawBody: "{}", query: { reference } });
      expect(answer.status).toBe(200);
    }
    await vi.waitFor(async () => expect((await row(reference)).status).toBe("failed"), { timeout: 10_000 });
    expect((await row(reference)).failureReason).toBe("declined_by_customer");
    expect((await events(reference)).map((e) => e.type)).toEqual(["deposit.failed"]);
  });

  it("a callback naming the deposit by externalId only, racing the polling sweep: completed once", async () => {
    const res = await initiate(customer("approve"));
    const deposit = await row(res.body.reference);
    const url = new URL("http://pay.test/api/operators/mtn-momo/callback");
    const [{ read }] = await Promise.all([
      receiveOperatorCallback(db(), { operator: "mtn-momo", url, bodyText: JSON.stringify({ externalId: deposit.reference, status: "FAILED" }) }),
      runDueWork(db(), new Date(deposit.createdAt.getTime() + 5_000)),
    ]);
    await read;
    expect((await row(deposit.reference)).status).toBe("completed");
    expect((await events(deposit.reference)).map((e) => e.type)).toEqual(["deposit.completed"]);
  });

  it("a callback naming nothing we know, or an unknown operator: 200 or 404, nothing read", async () => {
    const reads = fake.received.length;
    const unknown = await call("PUT", "/api/operators/mtn-momo/callback", { rawBody: "not json", query: { reference: "DEP_NOPE" } });
    expect(unknown.status).toBe(200);
    expect(fake.received.length).toBe(reads);
    const other = await call("POST", "/api/operators/acme/callback", { rawBody: "{}" });
    expect([other.status, other.body.error.code]).toEqual([404, 40004]);
  });

  it("the live checkout offers only the MTN gateways in service, and a live link is paid through MTN end to end", async () => {
    const created = await call("POST", "/api/v4/payments/link", { key: merchant().liveKey, body: { ...validLink, callbackUrl: CALLBACK } });
    expect(created.status).toBe(200);
    const reference = created.body.reference as string;
    const link = await db().paymentLink.findUniqueOrThrow({ where: { reference } });
    const offered = (await checkoutGateways(db(), link)).flatMap((c) => c.gateways.map((g) => g.name));
    expect(offered).toEqual(["MTN_MOMO_CI"]);
    const sandboxLink = { ...link, environment: "sandbox" as const };
    expect((await checkoutGateways(db(), sandboxLink)).flatMap((c) => c.gateways.map((g) => g.name))).toContain("WAVE_CI");

    const headers = { "x-forwarded-for": "10.77.0.1" };
    const wave = await call("POST", `/api/checkout/${reference}/attempts`, { body: { country: "CI", gatewayName: "WAVE_CI", customerPhone: "+2250700000444" }, headers });
    expect([wave.status, wave.body.error?.code]).toEqual([400, 40012]);

    const started = await call("POST", `/api/checkout/${reference}/attempts`, { body: { country: "CI", gatewayName: "MTN_MOMO_CI", customerPhone: customer("approve") }, headers });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: "pending", attempt: { paymentType: "DIRECT", status: "pending" } });
    const attempt = await db().deposit.findFirstOrThrow({ where: { paymentLinkId: link.id } });
    expect(fake.transactions.get(attempt.operatorRequestId!)?.body.amount).toBe(String(attempt.amountMinor + attempt.feesMinor));

    // MTN's callback (twice) triggers the status read: the link is paid once, with one webhook.
    for (let i = 0; i < 2; i++) {
      const { read } = await receiveOperatorCallback(db(), { operator: "mtn-momo", url: new URL(`http://pay.test/api/operators/mtn-momo/callback?reference=${attempt.reference}`), bodyText: "" });
      await read;
    }
    const state = await call("GET", `/api/checkout/${reference}`, { headers });
    expect(state.body).toMatchObject({ status: "completed", attempt: { status: "completed" } });
    const paid = await call("GET", `/api/v4/payments/link/${reference}`, { key: merchant().liveKey });
    expect(paid.body).toMatchObject({ status: "completed", gatewayName: "MTN_MOMO_CI" });
    expect((await events(reference)).map((e) => e.type)).toEqual(["payment_link.completed"]);
    expect((await row(attempt.reference)).operatorReference).toBe(fake.transactions.get(attempt.operatorRequestId!)?.financialTransactionId);
  });

  it("a callback after our expiry brings MTN's success in late: completed, credited and told, never ignored", async () => {
    // Recorded expired while MTN could not be read; MTN did take the money.
    const late = await row((await initiate(customer("approve"))).body.reference);
    await transitionDeposit(db(), { id: late.id, to: "expired", at: late.expiresAt });
    const answer = await call("PUT", "/api/operators/mtn-momo/callback", { rawBody: "{}", query: { reference: late.reference } });
    expect(answer.status).toBe(200);
    await vi.waitFor(async () => expect((await row(late.reference)).status).toBe("completed"), { timeout: 10_000 });
    const settled = await row(late.reference);
    expect(settled.expiredAt?.getTime()).toBe(late.expiresAt.getTime());
    expect(settled.operatorReference).toBe(fake.transactions.get(late.operatorRequestId!)?.financialTransactionId);
    expect((await events(late.reference)).map((e) => e.type)).toEqual(["deposit.expired", "deposit.completed"]);
    expect(await db().ledgerEntry.count({ where: { reference: late.reference, kind: "deposit_completed" } })).toBeGreaterThan(0);
    // A repeated callback changes nothing more.
    await call("PUT", "/api/operators/mtn-momo/callback", { rawBody: "{}", query: { reference: late.reference } });
    await vi.waitFor(async () => expect((await events(late.reference)).length).toBe(2), { timeout: 10_000 });
  });

  it("an admin's 'check with the operator now' settles a pending deposit, records a success after our expiry, and is audited; support may not", async () => {
    const admin = await staffSession("admin");
    const check = (reference: string, who = admin) =>
      call("POST", `/admin/api/payments/${reference}/check-operator`, { headers: { cookie: who.cookie, "x-csrf-token": who.csrf } });

    const declined = (await initiate(customer("decline"))).body.reference as string;
    // It records the operator's answer (money state): the read-only support role is refused, nothing read or changed.
    const bySupport = await check(declined, await staffSession("support"));
    expect([bySupport.status, bySupport.body.error.code]).toEqual([403, 40001]);
    expect((await row(declined)).status).toBe("pending");
    const first = await check(declined);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ operatorSays: "failed", operatorReason: "declined_by_customer", status: "failed" });
    expect((await row(declined)).status).toBe("failed");

    // Expired on our side without a last read (say MTN was down then); MTN did take the money.
    const late = await row((await initiate(customer("approve"))).body.reference);
    await transitionDeposit(db(), { id: late.id, to: "expired", at: late.expiresAt });
    const shown = await check(late.reference);
    expect(shown.body).toMatchObject({ operatorSays: "completed", status: "completed" });
    expect(shown.body.operatorReference).toBe(fake.transactions.get(late.operatorRequestId!)?.financialTransactionId);

    const audit = await db().auditEntry.findMany({ where: { action: "deposit.operator_checked", targetId: { in: [late.id] } } });
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toMatchObject({ operatorSays: "completed", before: "expired", after: "completed" });

    const sandbox = await call("POST", "/test/api/v4/classic/deposit/initiate", { key: merchant().sandboxKey, body: validDeposit });
    expect((await check(sandbox.body.reference)).body.error.code).toBe(40020);
  });

  it("a live DIRECT transfer pays out through MTN Disbursement; a declined one gives the funds back", async () => {
    // Live funds: two live deposits paid through MTN.
    for (let i = 0; i < 2; i++) {
      const paid = await row((await initiate(customer("approve"))).body.reference);
      await runDueWork(db(), new Date(paid.createdAt.getTime() + 5_000));
      expect((await row(paid.reference)).status).toBe("completed");
    }
    const available = () => availableBalance(merchant().liveKey);
    expect(await available()).toBe(10_000);
    const payout = (beneficiaryPhone: string) =>
      call("POST", "/api/v4/transfers/instant", {
        key: merchant().liveKey,
        body: { amount: 1000, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone, country: "CI", callbackUrl: CALLBACK },
      });

    const sent = await payout(customer("approve"));
    expect([sent.status, sent.body.status]).toEqual([200, "pending"]);
    const transfer = await db().transfer.findUniqueOrThrow({ where: { reference: sent.body.reference } });
    const atMtn = fake.transactions.get(transfer.operatorRequestId!);
    expect(atMtn?.product).toBe("disbursement");
    expect(atMtn?.body.amount).toBe("1000");
    await runDueWork(db(), new Date(transfer.createdAt.getTime() + 6_000)); // the first read, 5 s after the send
    const done = await db().transfer.findUniqueOrThrow({ where: { id: transfer.id } });
    expect([done.status, done.operatorReference]).toEqual(["completed", atMtn?.financialTransactionId]);
    expect((await events(transfer.reference)).map((e) => e.type)).toEqual(["transfer.completed"]);
    const afterPaid = await available();
    expect(afterPaid).toBeLessThan(9_000);

    const declined = await payout(customer("decline"));
    const refused = await db().transfer.findUniqueOrThrow({ where: { reference: declined.body.reference } });
    expect(await available()).toBeLessThan(afterPaid);
    await runDueWork(db(), new Date(refused.createdAt.getTime() + 6_000));
    expect((await db().transfer.findUniqueOrThrow({ where: { id: refused.id } })).status).toBe("failed");
    expect(await available()).toBe(afterPaid);
    expect((await events(refused.reference)).map((e) => e.type)).toEqual(["transfer.failed"]);
  });

  // Last: it opens the process-wide MTN circuit.
  it("an MTN outage opens the circuit: 503/50300 at once with Retry-After, nothing created", async () => {
    // Until failures are half of the window's calls (the earlier tests' calls count too).
    fake.failNext({ status: 500 }, 400);
    for (let i = 0; i < 100; i++) {
      const res = await initiate(customer("approve"));
      if (res.status !== 503) continue;
      expect(res.body.error).toMatchObject({ code: 50300, message: "Service temporarily unavailable" });
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      const before = await depositCount();
      const again = await initiate(customer("approve"));
      expect(again.status).toBe(503);
      expect(await depositCount()).toBe(before);
      return;
    }
    throw new Error("the circuit never opened");
  });
});
