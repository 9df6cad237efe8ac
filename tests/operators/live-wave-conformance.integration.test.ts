import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { followEndedDeposit } from "@/lib/features/deposits/sync-deposit-with-gateway";
import { transitionDeposit } from "@/lib/features/deposits/transition-deposit";
import type { RefundForGateway } from "@/lib/integrations/gateways/adapter";
import { liveRefundAdapter } from "@/lib/integrations/gateways/live-adapters";
import { runDueWork } from "@/lib/features/jobs/run-due-work";
import { advanceMoneyOut } from "@/lib/features/money-out/advance-money-out";
import { call } from "../helpers/api-client";
import { startWaveEventRelay } from "../helpers/wave-event-relay";
import { validLink } from "../helpers/fixtures";
import { availableBalance } from "../helpers/fund-merchant";
import { merchantCheckedAfterEach } from "../helpers/reconciled";
import type { FakeServer } from "../fakes/fake-http";
import { waveFakeEnv } from "../fakes/start-operator-fakes";
import { startWaveFake, type WaveFake } from "../fakes/wave-fake";

// Issue 26: the live Wave adapter against a fake that plays Wave as its documentation describes it
// (docs/operators.md, Wave): a session stays open after a failed try, our expiry closes the
// session at Wave, the webhook's two security strategies, and the unknown outcomes of a session
// creation and of a payout resolved by searching Wave by our reference before anything is sent
// again. Wave's events reach /api/operators/wave/callback through a small HTTP relay into the
// in-process route, with the headers Wave sends.

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

const CALLBACK = "https://hooks.invalid/wave";
const initiate = () =>
  call("POST", "/api/v4/classic/deposit/initiate", {
    key: merchant().liveKey,
    body: { amount: 5000, currency: "XOF", customerPhone: "+2250700000444", country: "CI", gatewayName: "WAVE_CI", callbackUrl: CALLBACK, returnUrl: "https://shop.example/back" },
  });
const row = (reference: string) => db().deposit.findUniqueOrThrow({ where: { reference } });
const events = (reference: string) => db().webhookEvent.findMany({ where: { reference }, orderBy: { id: "asc" } }).then((all) => all.map((e) => e.type));
/** The merchant's credit: each test has its own merchant, so one deposit of 5,000 XOF credited once is 5,000. */
const credited = () => availableBalance(merchant().liveKey);
const lastEventStatus = () => fake.events.at(-1)?.status;
const requestsTo = (method: string, path: string) => fake.received.filter((r) => r.method === method && r.path === path);

async function started() {
  const res = await initiate();
  expect(res.status).toBe(200);
  const deposit = await row(res.body.reference);
  return { deposit, session: fake.sessions.get(deposit.operatorRequestId!)! };
}

/** Ended on our side while Wave may still take it (our clock, or a read that failed at the wrong time). */
async function expiredOnOurSide(reference: string) {
  const deposit = await row(reference);
  await transitionDeposit(db(), { id: deposit.id, to: "expired", at: deposit.expiresAt });
  return row(reference);
}

describe("a failed Wave try is not final: the session stays open and the customer may still pay", () => {
  it("an API deposit: payment_failed keeps it pending with the try's reason; paid after topping up, it completes once and was never failed", async () => {
    const { deposit, session } = await started();
    await fake.fail(session.id, "insufficient-funds");
    expect(lastEventStatus()).toBe(200);
    const afterFailure = await row(deposit.reference);
    expect([afterFailure.status, afterFailure.lastTryFailure]).toEqual(["pending", "insufficient_funds"]);
    expect(await events(deposit.reference)).toEqual([]);

    // The status read says the same, and no longer closes the session after a failed try.
    await runDueWork(db(), new Date(deposit.createdAt.getTime() + 5_000));
    expect((await row(deposit.reference)).status).toBe("pending");
    expect(requestsTo("POST", `/v1/checkout/sessions/${session.id}/expire`)).toHaveLength(0);
    expect(fake.sessions.get(session.id)!.checkout_status).toBe("open");

    await fake.pay(session.id, { delivery: "duplicate" });
    const paid = await row(deposit.reference);
    expect([paid.status, paid.operatorReference]).toEqual(["completed", session.transaction_id]);
    expect(await events(deposit.reference)).toEqual(["deposit.completed"]);
    expect(await credited()).toBe(5_000);
  });

  it("a live link paid through Wave after a failed attempt is credited: the link completes, nothing to refund", async () => {
    const created = await call("POST", "/api/v4/payments/link", { key: merchant().liveKey, body: { ...validLink, callbackUrl: CALLBACK } });
    expect(created.status).toBe(200);
    const reference = created.body.reference as string;
    const headers = { "x-forwarded-for": "10.79.0.1" };
    const attempt = await call("POST", `/api/checkout/${reference}/attempts`, { body: { country: "CI", gatewayName: "WAVE_CI", customerPhone: "+2250700000444" }, headers });
    expect(attempt.status).toBe(200);
    const deposit = await db().deposit.findFirstOrThrow({ where: { paymentLink: { reference } } });
    const session = fake.sessions.get(deposit.operatorRequestId!)!;
    expect(attempt.body.attempt.url).toBe(session.wave_launch_url);
    // The checkout's own view of its attempt (the customer's cookie).
    const state = async () => (await call("GET", `/api/checkout/${reference}`, { headers: { ...headers, cookie: attempt.headers.get("set-cookie")!.split(";")[0] } })).body;

    await fake.fail(session.id, "insufficient-funds");
    expect(await state()).toMatchObject({ status: "pending", attempt: { status: "pending" } });

    await fake.pay(session.id);
    expect(await state()).toMatchObject({ status: "completed", attempt: { status: "completed" } });
    const link = await call("GET", `/api/v4/payments/link/${reference}`, { key: merchant().liveKey });
    expect(link.body).toMatchObject({ status: "completed", gatewayName: "WAVE_CI" });
    expect(await events(reference)).toEqual(["payment_link.completed"]);
    expect((await row(deposit.reference)).refundDueReason).toBeNull();
  });

  it("read without an event: an open session with a failed try is pending; where Wave closes the session on a failed try (switch), it fails", async () => {
    const open = await started();
    await fake.fail(open.session.id, "insufficient-funds", { delivery: "none" });
    await runDueWork(db(), new Date(open.deposit.createdAt.getTime() + 5_000));
    expect(await row(open.deposit.reference)).toMatchObject({ status: "pending", lastTryFailure: "insufficient_funds" });

    fake.switches.failedTry = "completes";
    try {
      const closed = await started();
      await fake.fail(closed.session.id, "insufficient-funds", { delivery: "none" });
      await runDueWork(db(), new Date(closed.deposit.createdAt.getTime() + 5_000));
      expect(await row(closed.deposit.reference)).toMatchObject({ status: "failed", failureReason: "insufficient_funds" });
    } finally {
      fake.switches.failedTry = "stays_open";
    }
  });
});

describe("our expiry closes the Wave session; a success that still lands is credited once", () => {
  it("expired by our clock: the session is expired at Wave at once, and Wave's answer ends the follow-up", async () => {
    const { deposit, session } = await started();
    await runDueWork(db(), new Date(deposit.expiresAt.getTime() + 1_000));
    const expired = await row(deposit.reference);
    expect(expired.status).toBe("expired");
    expect(requestsTo("POST", `/v1/checkout/sessions/${session.id}/expire`)).toHaveLength(1);
    expect(fake.sessions.get(session.id)!.checkout_status).toBe("expired");
    await expect(fake.pay(session.id)).rejects.toThrow(/cannot pay/);
    expect([expired.followUntil, expired.nextCheckAt, expired.operatorAnswer]).toEqual([null, null, "expired/processing"]);
    expect(await events(deposit.reference)).toEqual(["deposit.expired"]);
  });

  it("paid at Wave just before we close it: the expire is refused (409), the session says paid: a late success, credited once; a repeated event changes nothing", async () => {
    const { deposit, session } = await started();
    await fake.pay(session.id, { delivery: "none" });
    const ended = await expiredOnOurSide(deposit.reference);
    await followEndedDeposit(db(), ended, new Date(deposit.expiresAt.getTime() + 1_000));
    // Asked to expire it, Wave refused (the session is complete), and the read said paid.
    expect(requestsTo("POST", `/v1/checkout/sessions/${session.id}/expire`)).toHaveLength(1);
    const late = await row(deposit.reference);
    expect([late.status, late.operatorReference]).toEqual(["completed", session.transaction_id]);
    expect(late.expiredAt?.getTime()).toBe(deposit.expiresAt.getTime());
    expect(await events(deposit.reference)).toEqual(["deposit.expired", "deposit.completed"]);

    await fake.deliverEvent(session.id, "checkout.session.completed", { delivery: "duplicate" });
    expect(lastEventStatus()).toBe(200);
    await followEndedDeposit(db(), await row(deposit.reference), new Date(deposit.expiresAt.getTime() + 60_000));
    expect(await events(deposit.reference)).toEqual(["deposit.expired", "deposit.completed"]);
    expect(await credited()).toBe(5_000);
  });

  it("Wave unreachable when we close it: the session stays open, the customer pays late, the event credits it once; the next close changes nothing", async () => {
    const { deposit, session } = await started();
    const ended = await expiredOnOurSide(deposit.reference);
    fake.failNext({ status: 500 });
    await followEndedDeposit(db(), ended, new Date(deposit.expiresAt.getTime() + 1_000));
    const followed = await row(deposit.reference);
    expect(followed.status).toBe("expired");
    expect(followed.followUntil).not.toBeNull();
    expect(followed.operatorAnswer).toContain("500");
    expect(requestsTo("POST", `/v1/checkout/sessions/${session.id}/expire`)).toHaveLength(1);

    await fake.pay(session.id);
    expect(lastEventStatus()).toBe(200);
    expect((await row(deposit.reference)).status).toBe("completed");
    await followEndedDeposit(db(), followed, new Date(deposit.expiresAt.getTime() + 60_000));
    expect(await events(deposit.reference)).toEqual(["deposit.expired", "deposit.completed"]);
    expect(await credited()).toBe(5_000);
  });

  it("a session Wave already expired: whether expire then answers 409 or 200 (a switch), the deposit ends expired and is no longer followed", async () => {
    for (const answer of [409, 200] as const) {
      fake.switches.expireExpired = answer;
      const { deposit, session } = await started();
      fake.expire(session.id);
      await followEndedDeposit(db(), await expiredOnOurSide(deposit.reference), new Date(deposit.expiresAt.getTime() + 1_000));
      expect(requestsTo("POST", `/v1/checkout/sessions/${session.id}/expire`)).toHaveLength(1);
      const closed = await row(deposit.reference);
      expect([closed.status, closed.followUntil, closed.operatorAnswer]).toEqual(["expired", null, "expired/processing"]);
    }
    fake.switches.expireExpired = 409;
  });

  it("a deposit holding only our reference (its creation answer never stored) is read and closed through the search by client_reference", async () => {
    const onlyOurs = async () => {
      const { deposit, session } = await started();
      await db().deposit.update({ where: { id: deposit.id }, data: { operatorRequestId: deposit.reference } });
      return { deposit, session };
    };
    const paid = await onlyOurs();
    await fake.pay(paid.session.id, { delivery: "none" });
    await runDueWork(db(), new Date(paid.deposit.createdAt.getTime() + 5_000));
    expect(await row(paid.deposit.reference)).toMatchObject({ status: "completed", operatorReference: paid.session.transaction_id });

    const open = await onlyOurs();
    await followEndedDeposit(db(), await expiredOnOurSide(open.deposit.reference), new Date(open.deposit.expiresAt.getTime() + 1_000));
    expect(fake.sessions.get(open.session.id)!.checkout_status).toBe("expired");
    expect((await row(open.deposit.reference)).followUntil).toBeNull();

    // Nothing at Wave under our reference: nobody can pay it, the follow-up ends.
    const none = await onlyOurs();
    fake.sessions.get(none.session.id)!.client_reference = "DEP_SOMEONE_ELSE";
    await followEndedDeposit(db(), await expiredOnOurSide(none.deposit.reference), new Date(none.deposit.expiresAt.getTime() + 1_000));
    expect(await row(none.deposit.reference)).toMatchObject({ status: "expired", followUntil: null, operatorAnswer: "no session at Wave for this reference" });
  });

  it("a session id Wave does not know (404, another wallet's key?) is not taken as closed: still followed, Wave's answer kept for support", async () => {
    const { deposit } = await started();
    await db().deposit.update({ where: { id: deposit.id }, data: { operatorRequestId: "cos-unknownatwave0" } });
    await followEndedDeposit(db(), await expiredOnOurSide(deposit.reference), new Date(deposit.expiresAt.getTime() + 1_000));
    expect(requestsTo("POST", "/v1/checkout/sessions/cos-unknownatwave0/expire")).toHaveLength(1);
    const followed = await row(deposit.reference);
    expect(followed.status).toBe("expired");
    expect(followed.followUntil).not.toBeNull();
    expect(followed.operatorAnswer).toBe("HTTP 404 checkout-session-not-found");
  });
});

describe("the webhook's security strategy", () => {
  it("registered as the old README said (shared secret): Wave sends Authorization: Bearer <secret>, accepted with WAVE_WEBHOOK_STRATEGY=shared_secret", async () => {
    process.env.WAVE_WEBHOOK_STRATEGY = "shared_secret";
    fake.useWebhookStrategy("shared_secret");
    try {
      const { deposit, session } = await started();
      await fake.fail(session.id, "insufficient-funds", { badSignature: true });
      expect(lastEventStatus()).toBe(401);
      await fake.pay(session.id);
      expect(fake.events.at(-1)!.headers).toEqual({ Authorization: `Bearer ${fake.config.webhookSecret}` });
      expect(lastEventStatus()).toBe(200);
      expect((await row(deposit.reference)).status).toBe("completed");
      // A signed event is not what this webhook sends: refused.
      fake.useWebhookStrategy("signing_secret");
      await fake.deliverEvent(session.id, "checkout.session.completed");
      expect(lastEventStatus()).toBe(401);
    } finally {
      process.env.WAVE_WEBHOOK_STRATEGY = "signing_secret";
      fake.useWebhookStrategy("signing_secret");
    }
  });

  it("signing secret (the default): a signed event is accepted; another secret, an old timestamp, a t.body (dot) signature and a tampered body are refused", async () => {
    const { deposit, session } = await started();
    await fake.fail(session.id, "insufficient-funds", { dotSignature: true });
    expect(lastEventStatus()).toBe(401);
    await fake.deliverEvent(session.id, "checkout.session.payment_failed", { badSignature: true });
    expect(lastEventStatus()).toBe(401);
    await fake.deliverEvent(session.id, "checkout.session.payment_failed", { ageSeconds: 301 });
    expect(lastEventStatus()).toBe(401);
    expect((await row(deposit.reference)).lastTryFailure).toBeNull();

    await fake.pay(session.id);
    expect(lastEventStatus()).toBe(200);
    const signed = fake.events.at(-1)!;
    const tampered = await call("POST", "/api/operators/wave/callback", {
      rawBody: signed.body.replace(`"client_reference":"${deposit.reference}"`, `"client_reference":"${deposit.reference}" `),
      headers: { "content-type": "application/json", "wave-signature": signed.headers["Wave-Signature"] },
    });
    expect(tampered.status).toBe(401);
    expect((await row(deposit.reference)).status).toBe("completed");
  });
});

describe("an event Wave retries", () => {
  // Whether Wave signs a retried event again is not documented: the fake keeps the first delivery's
  // signature by default (the worse case: a retry past our 5-minute window is refused); the other
  // reading runs too. Either way the status read credits the payment, once.
  it.each([
    ["original", 401],
    ["fresh", 200],
  ] as const)("with its %s signature, six minutes after Wave first sent it: answered %s; the deposit is credited once all the same", async (redeliverySignature, answer) => {
    fake.switches.redeliverySignature = redeliverySignature;
    try {
      const { deposit, session } = await started();
      // The customer pays; Wave's first delivery never reaches us, and its retry comes six minutes
      // later (the fake dates the first signature that far back instead of waiting).
      await fake.pay(session.id, { delivery: "lost", ageSeconds: 360 });
      const lost = fake.events.at(-1)!;
      expect(lost.status).toBeNull();
      await fake.redeliver(lost.id);
      const retried = fake.events.at(-1)!;
      expect([retried.id, retried.body, retried.status]).toEqual([lost.id, lost.body, answer]);
      expect((await row(deposit.reference)).status).toBe(answer === 200 ? "completed" : "pending");

      await runDueWork(db(), new Date(deposit.createdAt.getTime() + 5_000));
      expect((await row(deposit.reference)).status).toBe("completed");
      expect(await events(deposit.reference)).toEqual(["deposit.completed"]);
      expect(await credited()).toBe(5_000);
    } finally {
      fake.switches.redeliverySignature = "original";
    }
  });
});

describe("a checkout session created with an unknown outcome is looked for by our reference", () => {
  it("Wave made the session and its answer was lost (500), or came too late: the search finds it, the deposit is kept with it", async () => {
    fake.failNext({ process: true, status: 500 });
    const lost = await initiate();
    expect(lost.status).toBe(200);
    const [made] = [...fake.sessions.values()].filter((s) => s.client_reference === lost.body.reference);
    expect(lost.body.url).toBe(made.wave_launch_url);
    expect((await row(lost.body.reference)).operatorRequestId).toBe(made.id);

    fake.failNext({ process: true, holdAnswerMs: 900 });
    const slow = await initiate();
    expect(slow.status).toBe(200);
    expect([...fake.sessions.values()].filter((s) => s.client_reference === slow.body.reference).map((s) => s.wave_launch_url)).toEqual([slow.body.url]);
  });

  it("nothing made (500 before Wave acted): the search finds none, 502 and nothing kept", async () => {
    const searches = requestsTo("GET", "/v1/checkout/sessions/search").length;
    const before = await db().deposit.count({ where: { merchantId: merchant().id } });
    fake.failNext({ status: 500 });
    const failed = await initiate();
    expect([failed.status, failed.body.error.code]).toEqual([502, 50200]);
    expect(requestsTo("GET", "/v1/checkout/sessions/search")).toHaveLength(searches + 1);
    expect(await db().deposit.count({ where: { merchantId: merchant().id } })).toBe(before);
  });
});

describe("a Wave payout whose outcome is unknown is looked up, never sent blind", () => {
  /** Two paid Wave deposits: 10,000 XOF to pay out. */
  async function funded() {
    for (let i = 0; i < 2; i++) await fake.pay((await started()).session.id);
    expect(await availableBalance(merchant().liveKey)).toBe(10_000);
  }
  let phones = 0;
  const phone = () => `+22507000006${String(++phones).padStart(2, "0")}`;
  async function payout(beneficiaryPhone: string) {
    const sent = await call("POST", "/api/v4/transfers/instant", {
      key: merchant().liveKey,
      body: { amount: 1000, currency: "XOF", gatewayName: "WAVE_CI", beneficiaryPhone, country: "CI", callbackUrl: CALLBACK },
    });
    expect(sent.status).toBe(200);
    return db().transfer.findUniqueOrThrow({ where: { reference: sent.body.reference } });
  }
  const transfer = (id: string) => db().transfer.findUniqueOrThrow({ where: { id } });
  const posts = (reference: string) => requestsTo("POST", "/v1/payout").filter((r) => JSON.parse(r.body).client_reference === reference);
  const atWave = (reference: string) => [...fake.payouts.values()].filter((p) => p.client_reference === reference);
  const at = (t: { createdAt: Date }, ms: number) => new Date(t.createdAt.getTime() + ms);

  it("Wave answers at once (it executes payouts synchronously): the transfer completes at its creation", async () => {
    await funded();
    const sent = await payout(phone());
    expect(sent.status).toBe("completed");
    expect(sent.operatorRequestId).toBe(atWave(sent.reference)[0].id);
    expect(sent.operatorFeeMinor).toBe(10n);
  });

  it("made but its answer lost (500 after creating): found by our reference and completed, never sent twice", async () => {
    await funded();
    fake.failNext({ process: true, status: 500 });
    const sent = await payout(phone());
    expect(sent.status).toBe("pending");
    await runDueWork(db(), at(sent, 5_000));
    const paid = await transfer(sent.id);
    expect(paid.status).toBe("completed");
    expect(paid.operatorReference).toBe(atWave(sent.reference)[0].id);
    expect(posts(sent.reference)).toHaveLength(1);
    expect(atWave(sent.reference)).toHaveLength(1);
  });

  it("timed out after being made, where Wave no longer knows the key (switch): found by our reference, never paid twice", async () => {
    await funded();
    fake.switches.payoutKeys = "forgotten";
    try {
      fake.failNext({ process: true, holdAnswerMs: 900 });
      const sent = await payout(phone());
      expect(sent.status).toBe("pending");
      await runDueWork(db(), at(sent, 2 * 60_000));
      expect((await transfer(sent.id)).status).toBe("completed");
      expect(atWave(sent.reference)).toHaveLength(1);
      expect(posts(sent.reference)).toHaveLength(1);
    } finally {
      fake.switches.payoutKeys = "kept";
    }
  });

  it("Wave has no record of it: pending within the grace, then sent again with the same Idempotency-Key, paid once", async () => {
    await funded();
    fake.failNext({ status: 500 });
    const sent = await payout(phone());
    await runDueWork(db(), at(sent, 5_000));
    expect((await transfer(sent.id)).status).toBe("pending");
    expect(posts(sent.reference)).toHaveLength(1);
    await runDueWork(db(), at(sent, 2 * 60_000));
    expect((await transfer(sent.id)).status).toBe("completed");
    expect(posts(sent.reference).map((r) => r.headers["idempotency-key"])).toEqual([sent.reference, sent.reference]);
    expect(atWave(sent.reference)).toHaveLength(1);
  });

  it("Wave answers 408 or 429 (its docs: unknown state, retry): not a refusal, the transfer stays pending with its funds held, then completes", async () => {
    await funded();
    for (const status of [408, 429]) {
      fake.failNext({ status });
      const sent = await payout(phone());
      expect([sent.status, sent.operatorAnswer]).toEqual(["pending", `HTTP ${status} (outcome unknown)`]);
      await runDueWork(db(), at(sent, 2 * 60_000));
      expect((await transfer(sent.id)).status).toBe("completed");
      expect(atWave(sent.reference)).toHaveLength(1);
    }
  });

  it("a resend Wave refuses (4xx) neither fails the transfer nor releases the funds: it stays pending until Wave pays it", async () => {
    await funded();
    const beneficiary = phone();
    fake.scriptPayout(beneficiary, "refused");
    fake.failNext({ status: 500 });
    const sent = await payout(beneficiary);
    const held = await availableBalance(merchant().liveKey);
    await runDueWork(db(), at(sent, 2 * 60_000));
    const refused = await transfer(sent.id);
    expect(refused.status).toBe("pending");
    // Wave's execution error body ({error_code, error_message}) is read for support.
    expect(refused.operatorAnswer).toBe("resend refused: HTTP 400 insufficient-funds");
    expect(await availableBalance(merchant().liveKey)).toBe(held);

    fake.scriptPayout(beneficiary, "succeeded");
    await runDueWork(db(), at(sent, 10 * 60_000));
    expect((await transfer(sent.id)).status).toBe("completed");
    expect(atWave(sent.reference)).toHaveLength(1);
  });
});

describe("Wave refunds (lib/integrations/gateways/wave/wave-refunds.ts, through liveRefundAdapter)", () => {
  const refunds = () => liveRefundAdapter("WAVE_CI")!;
  let counter = 0;

  /** A paid live Wave deposit, and a refund of it as the refunds code hands it to the adapter. */
  async function paidAndRefunded(overrides: Partial<RefundForGateway> = {}) {
    const { deposit, session } = await started();
    await fake.pay(session.id);
    const paid = await row(deposit.reference);
    const chargedMinor = paid.amountMinor + paid.feesMinor;
    const reference = `RFD_WAVE_${Date.now()}_${++counter}`;
    const refund: RefundForGateway = {
      reference,
      operatorRequestId: reference,
      amountMinor: chargedMinor,
      currency: paid.currency,
      phone: paid.customerPhone,
      createdAt: new Date(),
      operatorSentAt: null,
      payment: { reference: paid.reference, gatewayName: paid.gatewayName, operatorRequestId: paid.operatorRequestId, operatorReference: paid.operatorReference, chargedMinor },
      whole: true,
      method: "",
      ...overrides,
    };
    // Chosen once, when the refund is made, as insert-refund.ts does.
    refund.method = overrides.method ?? refunds().method(refund);
    return { refund, session };
  }

  /** One engine step (lib/features/money-out/advance-money-out.ts) at `now`, the row kept in memory. */
  const step = (refund: RefundForGateway, now: Date) =>
    advanceMoneyOut(refund, refunds(), {
      beforeSend: async (at) => void (refund.operatorSentAt = at),
      notSent: async (previous) => void (refund.operatorSentAt = previous),
    }, now);

  it("a whole refund is Wave's session refund: one call without a body, done at once (200); Wave gives no way to read it back", async () => {
    const { refund, session } = await paidAndRefunded();
    expect(refunds().method(refund)).toBe("session_refund");
    expect(refunds().newRequestId(refund)).toBe(refund.reference);
    // Wave's answer carries no amount: the refund is of the whole payment we named, its charge.
    await expect(refunds().send(refund)).resolves.toEqual({
      outcome: { status: "completed", amountMinor: refund.amountMinor, currency: refund.currency, said: "refunded (checkout session)" },
    });
    const [request] = requestsTo("POST", `/v1/checkout/sessions/${session.id}/refund`);
    expect(request.body).toBe("");
    expect(fake.refunds.get(session.id)).toBe(1);
    // Not "not_found": Wave's silence must never let the refund be given up as never made.
    await expect(refunds().status(refund)).resolves.toBe("unreadable");
  });

  for (const secondRefund of ["idempotent", "refused"] as const) {
    it(`a session refund whose answer was lost is sent again past the grace; Wave's second answer (${secondRefund}, a switch) never refunds twice nor fails it`, async () => {
      fake.switches.secondRefund = secondRefund;
      try {
        const { refund, session } = await paidAndRefunded();
        const t0 = new Date();
        fake.failNext({ process: true, status: 500 });
        expect(await step(refund, t0)).toMatchObject({ kind: "pending", answer: "HTTP 500 (outcome unknown)" });
        expect(fake.refunds.get(session.id)).toBe(1);
        expect(await step(refund, new Date(t0.getTime() + 5_000))).toMatchObject({ kind: "pending", answer: "sent, not readable back" });
        const again = await step(refund, new Date(t0.getTime() + 2 * 60_000));
        expect(again).toMatchObject(
          secondRefund === "idempotent"
            ? { kind: "final", outcome: { status: "completed" } }
            : { kind: "pending", answer: "HTTP 400 checkout-refund-failed: may already exist, its status decides" },
        );
        // A refused resend of a refund Wave cannot show us is never taken for "not made".
        expect(again.noRecord).toBeUndefined();
        expect(requestsTo("POST", `/v1/checkout/sessions/${session.id}/refund`)).toHaveLength(2);
        expect(fake.refunds.get(session.id)).toBe(1);
      } finally {
        fake.switches.secondRefund = "idempotent";
      }
    });
  }

  it("a partial refund (or a payment without its session id) is a Wave payout to the customer's phone under the refund's reference, read back by searching it", async () => {
    const { refund } = await paidAndRefunded();
    const partial = { ...refund, amountMinor: 1_000n, whole: false, method: "payout" };
    expect(refunds().method(partial)).toBe("payout");
    const sent = await refunds().send(partial);
    const [payout] = [...fake.payouts.values()].filter((p) => p.client_reference === refund.reference);
    expect(payout).toMatchObject({ receive_amount: "1000", mobile: refund.phone, currency: "XOF" });
    expect(requestsTo("POST", "/v1/payout").at(-1)!.headers["idempotency-key"]).toBe(refund.reference);
    expect(sent).toMatchObject({ operatorRequestId: payout.id, outcome: { status: "completed", operatorReference: payout.id, amountMinor: 1_000n } });
    await expect(refunds().status({ ...partial, operatorSentAt: new Date() })).resolves.toMatchObject({ status: "completed", operatorReference: payout.id });

    const noSession = { ...refund, payment: { ...refund.payment, operatorRequestId: refund.payment.reference } };
    expect(refunds().method(noSession)).toBe("payout");
    // Less than the charge, even as the payment's first refund: a payout, since the session refund gives back everything.
    expect(refunds().method({ ...refund, amountMinor: refund.amountMinor - 1n })).toBe("payout");
  });
});
