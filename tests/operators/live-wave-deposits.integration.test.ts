import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transferDetail } from "@/lib/features/transfers/transfer-detail";
import { db } from "@/lib/core/db/client";
import { runDueWork } from "@/lib/features/jobs/run-due-work";
import { call } from "../helpers/api-client";
import { startWaveEventRelay } from "../helpers/wave-event-relay";
import { availableBalance } from "../helpers/fund-merchant";
import { merchantCheckedAfterEach } from "../helpers/reconciled";
import type { FakeServer } from "../fakes/fake-http";
import { waveFakeEnv } from "../fakes/start-operator-fakes";
import { startWaveFake, type WaveFake } from "../fakes/wave-fake";

// Issue 15: live REDIRECT deposits through WAVE_CI against the local Wave fake. The customer pays
// at wave_launch_url; Wave's signed event reaches /api/operators/wave/callback (through a small
// HTTP relay into the in-process route); polling reads the session when no event comes.

let fake: WaveFake;
let relay: FakeServer;
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startWaveFake();
  relay = await startWaveEventRelay(fake);
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

  it("a payment_failed event notes the failed try with Wave's reason; the deposit stays pending", async () => {
    // Issue 26: this event used to fail the deposit, but Wave keeps the session open after a
    // failed try, and a customer who tops up and pays must be credited (live-wave-conformance).
    const { deposit, session } = await started();
    await fake.fail(session.id, "insufficient-funds");
    const tried = await row(deposit.reference);
    expect([tried.status, tried.lastTryFailure, tried.failureReason]).toEqual(["pending", "insufficient_funds", null]);
    expect(await events(deposit.reference)).toHaveLength(0);
  });

  it("refuses a bad or stale signature (401) and ignores an event whose amount is not the deposit's; the status read decides", async () => {
    const { deposit, session } = await started();
    await fake.pay(session.id, { badSignature: true });
    expect(lastEventStatus()).toBe(401);
    await fake.deliverEvent(session.id, "checkout.session.completed", { ageSeconds: 600 });
    expect(lastEventStatus()).toBe(401);
    await fake.deliverEvent(session.id, "checkout.session.completed", { amount: "1" });
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
    // Issue 26: Wave executes a payout synchronously and its answer is the outcome: completed at
    // once (it was "pending" until the next status read before).
    expect([sent.status, sent.body.status]).toEqual([200, "completed"]);
    const transfer = await db().transfer.findUniqueOrThrow({ where: { reference: sent.body.reference } });
    const atWave = fake.payouts.get(transfer.operatorRequestId!);
    expect(atWave).toMatchObject({ receive_amount: "1000", mobile: "+2250700000501", client_reference: transfer.reference });
    const request = fake.received.find((r) => r.method === "POST" && r.path === "/v1/payout" && JSON.parse(r.body).client_reference === transfer.reference)!;
    expect(request.headers["idempotency-key"]).toBe(transfer.reference);
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
    const after = await db().transfer.findUniqueOrThrow({ where: { reference: failed.body.reference } });
    expect(after.status).toBe("failed");
    expect(await available()).toBe(afterPaid);
    expect((await events(after.reference)).map((e) => e.type)).toEqual(["transfer.failed"]);
  });
});
