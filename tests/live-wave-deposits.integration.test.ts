import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transferDetail } from "@/lib/admin/transfer-detail";
import { db } from "@/lib/db/client";
import { runDueWork } from "@/lib/jobs/run-due-work";
import { call } from "./helpers/api-client";
import { availableBalance } from "./helpers/fund-merchant";
import { merchantCheckedAfterEach } from "./helpers/reconciled";
import { sendJson, startFakeServer, type FakeServer } from "./fakes/fake-http";
import { waveFakeEnv } from "./fakes/start-operator-fakes";
import { startWaveFake, type WaveFake } from "./fakes/wave-fake";

// Issue 15: live REDIRECT deposits through WAVE_CI against the local Wave fake. The customer pays
// at wave_launch_url; Wave's signed event reaches /api/operators/wave/callback (through a small
// HTTP relay into the in-process route); polling reads the session when no event comes.

let fake: WaveFake;
let relay: FakeServer;
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startWaveFake();
  relay = await startFakeServer(async (request, res) => {
    const answer = await call("POST", "/api/operators/wave/callback", {
      rawBody: request.body,
      headers: { "content-type": "application/json", "wave-signature": String(request.headers["wave-signature"] ?? "") },
    });
    sendJson(res, answer.status, answer.body);
  });
  fake.sendEventsTo(`${relay.url}/api/operators/wave/callback`);
  for (const name of Object.keys(process.env)) if (name.startsWith("MTN_MOMO_")) delete process.env[name];
  Object.assign(process.env, waveFakeEnv(fake), { OPERATOR_TIMEOUT_MS: "400" });
});
afterAll(async () => {
  process.env = saved;
  await fake.close();
  await relay.close();
});

const merchant = merchantCheckedAfterEach();

const CALLBACK = "https://hooks.invalid/deposits";
const waveDeposit = { amount: 5000, currency: "XOF", customerPhone: "+2250700000444", country: "CI", gatewayName: "WAVE_CI", callbackUrl: CALLBACK };
const initiate = (returnUrl = "https://shop.example/back") =>
  call("POST", "/api/v4/classic/deposit/initiate", { key: merchant().liveKey, body: { ...waveDeposit, returnUrl } });
const row = (reference: string) => db().deposit.findUniqueOrThrow({ where: { reference } });
const events = (reference: string) => db().webhookEvent.findMany({ where: { reference }, orderBy: { id: "asc" } });
const depositCount = () => db().deposit.count({ where: { merchantId: merchant().id } });
const lastEventStatus = () => fake.events.at(-1)?.status;

async function started() {
  const res = await initiate();
  expect(res.status).toBe(200);
  const deposit = await row(res.body.reference);
  return { res, deposit, session: fake.sessions.get(deposit.operatorRequestId!)! };
}

describe("a live Wave deposit", () => {
  it("opens a Wave checkout session for amount + fees; its url is wave_launch_url; the signed event completes it once", async () => {
    const { res, deposit, session } = await started();
    expect(session).toBeDefined();
    expect(res.body.url).toBe(session.wave_launch_url);
    expect(session).toMatchObject({ amount: String(deposit.amountMinor + deposit.feesMinor), currency: "XOF", client_reference: deposit.reference });
    const request = fake.received.find((r) => r.method === "POST" && r.path === "/v1/checkout/sessions" && JSON.parse(r.body).client_reference === deposit.reference)!;
    expect(request.headers["idempotency-key"]).toBe(deposit.reference);
    expect(JSON.parse(request.body)).toMatchObject({ success_url: "https://shop.example/back", restrict_payer_mobile: "+2250700000444" });

    await fake.pay(session.id, { delivery: "duplicate" });
    expect(lastEventStatus()).toBe(200);
    const paid = await row(deposit.reference);
    expect(paid.status).toBe("completed");
    expect(paid.operatorReference).toBe(session.transaction_id);
    // Wave's time of the payment (whole seconds), not when we heard of it.
    expect(paid.completedAt?.toISOString().replace(/\.\d{3}Z$/, "Z")).toBe(session.when_completed);
    expect((await events(deposit.reference)).map((e) => e.type)).toEqual(["deposit.completed"]);
  });

  it("a payment_failed event fails it with Wave's reason", async () => {
    const { deposit, session } = await started();
    await fake.fail(session.id, "insufficient-funds");
    const failed = await row(deposit.reference);
    expect([failed.status, failed.failureReason]).toEqual(["failed", "insufficient_funds"]);
    expect((await events(deposit.reference)).map((e) => e.type)).toEqual(["deposit.failed"]);
  });

  it("refuses a bad or stale signature (401) and ignores an event whose amount is not the deposit's; the status read decides", async () => {
    const { deposit, session } = await started();
    await fake.pay(session.id, { badSignature: true });
    expect(lastEventStatus()).toBe(401);
    await fake.pay(session.id, { ageSeconds: 600 });
    expect(lastEventStatus()).toBe(401);
    await fake.pay(session.id, { amount: "1" });
    expect(lastEventStatus()).toBe(200);
    expect((await row(deposit.reference)).status).toBe("pending");
    // Wave's own session says paid: the polling read completes it.
    await runDueWork(db(), new Date(deposit.createdAt.getTime() + 5_000));
    expect((await row(deposit.reference)).status).toBe("completed");
    expect((await events(deposit.reference)).length).toBe(1);
  });

  it("a session never paid: pending while Wave says open, expired by our clock after a last read", async () => {
    const { deposit } = await started();
    await runDueWork(db(), new Date(deposit.createdAt.getTime() + 5_000));
    expect((await row(deposit.reference)).status).toBe("pending");
    await runDueWork(db(), new Date(deposit.expiresAt.getTime() + 1_000));
    expect((await row(deposit.reference)).status).toBe("expired");
  });

  it("Wave answering 500 or not answering in time: 502, nothing created (no page to send the customer to)", async () => {
    const before = await depositCount();
    fake.failNext({ status: 500 });
    const failed = await initiate();
    expect([failed.status, failed.body.error.code]).toEqual([502, 50200]);
    fake.failNext({ delayMs: 900 });
    const slow = await initiate();
    expect([slow.status, slow.body.error.code]).toEqual([502, 50200]);
    expect(JSON.stringify([failed.body, slow.body])).not.toContain(fake.config.apiKey);
    expect(await depositCount()).toBe(before);
  });

  it("a live DIRECT transfer on WAVE_CI pays out through Wave (Idempotency-Key = our reference); a failed payout gives the funds back", async () => {
    for (let i = 0; i < 2; i++) {
      const { session } = await started();
      await fake.pay(session.id);
    }
    const available = () => availableBalance(merchant().liveKey);
    expect(await available()).toBe(10_000);
    const payout = (beneficiaryPhone: string) =>
      call("POST", "/api/v4/transfers/instant", {
        key: merchant().liveKey,
        body: { amount: 1000, currency: "XOF", gatewayName: "WAVE_CI", beneficiaryPhone, country: "CI", callbackUrl: CALLBACK },
      });

    const sent = await payout("+2250700000501");
    expect([sent.status, sent.body.status]).toEqual([200, "pending"]);
    const transfer = await db().transfer.findUniqueOrThrow({ where: { reference: sent.body.reference } });
    const atWave = fake.payouts.get(transfer.operatorRequestId!);
    expect(atWave).toMatchObject({ receive_amount: "1000", mobile: "+2250700000501", client_reference: transfer.reference });
    const request = fake.received.find((r) => r.method === "POST" && r.path === "/v1/payout" && JSON.parse(r.body).client_reference === transfer.reference)!;
    expect(request.headers["idempotency-key"]).toBe(transfer.reference);
    await runDueWork(db(), new Date(transfer.createdAt.getTime() + 5_000));
    const paid = await db().transfer.findUniqueOrThrow({ where: { id: transfer.id } });
    expect(paid.status).toBe("completed");
    const afterPaid = await available();
    // The merchant pays amount + our fees; Wave's own fee (the payout's `fee`, 10 XOF here) is the
    // platform's cost: it leaves with the payout, out of our fee.
    expect(afterPaid).toBe(10_000 - Number(paid.amountMinor + paid.feesMinor));
    expect(atWave?.fee).toBe("10");
    expect(paid.operatorFeeMinor).toBe(10n);
    const entries = await db().ledgerEntry.findMany({ where: { reference: transfer.reference, kind: "transfer_completed" } });
    const lines: [string, bigint][] = [
      ["merchant_in_flight", -(paid.amountMinor + paid.feesMinor)],
      ["world", paid.amountMinor + 10n],
      ["platform_fees", paid.feesMinor - 10n],
    ];
    // A zero line is not written (our fee on 1000 XOF is Wave's 10 XOF: nothing left to us).
    expect(Object.fromEntries(entries.map((e) => [e.account, e.amountMinor]))).toEqual(Object.fromEntries(lines.filter(([, amount]) => amount !== 0n)));
    // Support sees it on the transfer's page.
    expect((await transferDetail(db(), transfer.reference)).transfer.operatorFeeMinor).toBe("10");

    fake.scriptPayout("+2250700000502", "failed");
    const failed = await payout("+2250700000502");
    const refused = await db().transfer.findUniqueOrThrow({ where: { reference: failed.body.reference } });
    await runDueWork(db(), new Date(refused.createdAt.getTime() + 5_000));
    const after = await db().transfer.findUniqueOrThrow({ where: { id: refused.id } });
    expect(after.status).toBe("failed");
    expect(await available()).toBe(afterPaid);
    expect((await events(refused.reference)).map((e) => e.type)).toEqual(["transfer.failed"]);
  });
});
