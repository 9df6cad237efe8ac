import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperatorBreaker } from "@/lib/integrations/gateways/operators/circuit-breaker";
import {
  mayAlreadyExist,
  OperatorNotSentError,
  OperatorRejectedError,
  OperatorUnknownOutcomeError,
} from "@/lib/integrations/gateways/operators/operator-errors";
import { createWaveClient, type WaveCheckoutInput } from "@/lib/integrations/gateways/wave/wave-client";
import { readWaveConfig } from "@/lib/integrations/gateways/wave/wave-config";
import { readWaveEvent } from "@/lib/integrations/gateways/wave/wave-events";
import { createWavePayouts } from "@/lib/integrations/gateways/wave/wave-payouts";
import { sendJson, sleep, startFakeServer, type FakeServer, type Recorded } from "../fakes/fake-http";
import { startWaveFake, type WaveFake } from "../fakes/wave-fake";

// The Wave client and event verification against a local fake of Wave's Checkout and Payout APIs
// (the fake plays Wave as docs/operators.md records it, with switches where Wave's docs are unsure).

let fake: WaveFake;
let receiver: FakeServer;

beforeAll(async () => {
  fake = await startWaveFake();
  receiver = await startFakeServer((_request, res) => sendJson(res, 200));
  fake.sendEventsTo(`${receiver.url}/api/operators/wave/callback`);
});
afterAll(async () => {
  await fake.close();
  await receiver.close();
});

const client = (timeoutMs?: number) => createWaveClient(fake.config, { breaker: createOperatorBreaker("wave"), timeoutMs });

let counter = 0;
function checkout(overrides: Partial<WaveCheckoutInput> = {}): WaveCheckoutInput {
  const reference = `DEP_${Date.now()}_${++counter}`;
  return {
    idempotencyKey: `wave-${reference}`,
    amountMinor: 1500n,
    currency: "XOF",
    clientReference: reference,
    successUrl: `https://pay.example/pay/${reference}?status=completed`,
    errorUrl: `https://pay.example/pay/${reference}?status=failed`,
    ...overrides,
  };
}

/** The events the receiver got for one deposit, as our callback route would read them. */
function eventsFor(reference: string): Recorded[] {
  return receiver.received.filter((r) => JSON.parse(r.body).data?.client_reference === reference);
}
const webhook = () => ({ strategy: fake.config.webhookStrategy, secret: fake.config.webhookSecret });
const headersOf = (r: Recorded) => ({ signature: r.headers["wave-signature"] as string | undefined, authorization: r.headers.authorization });
const read = (r: Recorded, now?: Date) => readWaveEvent(headersOf(r), r.body, webhook(), { now });

describe("Wave checkout sessions", () => {
  it("creates a session with Wave's documented request and gives the launch URL", async () => {
    const input = checkout({ restrictPayerMobile: "+221 77 000 00 01" });
    const before = fake.received.length;
    const session = await client().createCheckoutSession(input);
    const [request] = fake.received.slice(before);
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/checkout/sessions");
    expect(request.headers.authorization).toBe(`Bearer ${fake.config.apiKey}`);
    expect(request.headers["idempotency-key"]).toBe(input.idempotencyKey);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual({
      amount: "1500",
      currency: "XOF",
      client_reference: input.clientReference,
      success_url: input.successUrl,
      error_url: input.errorUrl,
      restrict_payer_mobile: "+221770000001",
    });
    expect(session).toMatchObject({
      clientReference: input.clientReference,
      launchUrl: `${fake.url}/c/${session.id}`,
      amountMinor: 1500n,
      currency: "XOF",
      outcome: { status: "pending", said: "open/processing" },
    });
    expect(session.expiresAt).toBeInstanceOf(Date);
  });

  it("Idempotency-Key on a checkout session is not documented: the fake ignores it (a second session) unless switched to honour it", async () => {
    const input = checkout();
    const c = client();
    const made = () => [...fake.sessions.values()].filter((s) => s.client_reference === input.clientReference);
    const first = await c.createCheckoutSession(input);
    const again = await c.createCheckoutSession(input);
    expect(again.id).not.toBe(first.id);
    expect(made()).toHaveLength(2);

    const honoured = checkout();
    fake.switches.checkoutIdempotencyKey = "honoured";
    try {
      const one = await c.createCheckoutSession(honoured);
      expect((await c.createCheckoutSession(honoured)).id).toBe(one.id);
    } finally {
      fake.switches.checkoutIdempotencyKey = "ignored";
    }
  });

  it("a timeout is an unknown outcome: Wave made the session all the same, and the search by our reference finds it", async () => {
    const input = checkout();
    fake.failNext({ delayMs: 800, process: true });
    const error = await client(250).createCheckoutSession(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperatorUnknownOutcomeError);
    expect(error).toMatchObject({ reason: "timeout" });
    // Wave made the session even though its answer came too late.
    const made = () => [...fake.sessions.values()].filter((s) => s.client_reference === input.clientReference);
    await expect.poll(() => made().length, { timeout: 5_000 }).toBe(1);
    await expect(client().searchCheckoutSessions(input.clientReference)).resolves.toMatchObject([{ id: made()[0].id, launchUrl: made()[0].wave_launch_url }]);
  });

  it("HTTP 500 is an unknown outcome, a 4xx is Wave's refusal with its code, and the API key never shows", async () => {
    fake.failNext({ status: 500 });
    await expect(client().createCheckoutSession(checkout())).rejects.toMatchObject({ kind: "unknown_outcome", reason: "server_error" });
    const missing = await client().getCheckoutSession("cos-doesnotexist").catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(OperatorRejectedError);
    expect(missing).toMatchObject({ httpStatus: 404, operatorCode: "checkout-session-not-found" });

    const wrongKey = "wave_ci_prod_WRONG_secret_key_987";
    const error = (await createWaveClient({ ...fake.config, apiKey: wrongKey }, { breaker: createOperatorBreaker("wave") })
      .createCheckoutSession(checkout())
      .catch((e: unknown) => e)) as Error;
    expect(error).toMatchObject({ httpStatus: 401, operatorCode: "invalid-auth" });
    expect(`${error.message} ${JSON.stringify(error)} ${error.stack}`).not.toContain(wrongKey);
  });

  it("a refused connection is 'not sent' (nothing reached Wave), unlike a timeout", async () => {
    const closed = await startFakeServer(() => undefined);
    const url = closed.url;
    await closed.close();
    const error = await createWaveClient({ ...fake.config, baseUrl: url }, { breaker: createOperatorBreaker("wave") })
      .createCheckoutSession(checkout())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperatorNotSentError);
    expect(error).toMatchObject({ reason: "connection_failed" });
  });

  it("refuses before sending an amount Wave cannot take or a phone that is not E.164", async () => {
    const before = fake.received.length;
    await expect(client().createCheckoutSession(checkout({ amountMinor: 0n }))).rejects.toBeInstanceOf(OperatorNotSentError);
    await expect(client().createCheckoutSession(checkout({ restrictPayerMobile: "770000001" }))).rejects.toMatchObject({ reason: "invalid_request" });
    await expect(client().getCheckoutSession("../../v1/payout")).rejects.toMatchObject({ reason: "invalid_request" });
    expect(fake.received.length).toBe(before);
  });

  it("maps each outcome of a session read: open, paid, a failed try on an open session (not final), expired", async () => {
    const c = client();
    const open = await c.createCheckoutSession(checkout());
    await expect(c.getCheckoutSession(open.id)).resolves.toMatchObject({ outcome: { status: "pending", said: "open/processing" } });

    const paid = await c.createCheckoutSession(checkout({ amountMinor: 2500n }));
    await fake.pay(paid.id, { delivery: "none" });
    const paidOutcome = (await c.getCheckoutSession(paid.id)).outcome;
    expect(paidOutcome).toMatchObject({
      status: "completed",
      amountMinor: 2500n,
      currency: "XOF",
      operatorReference: fake.sessions.get(paid.id)!.transaction_id,
      said: "complete/succeeded",
    });
    expect(paidOutcome.status === "completed" && paidOutcome.at?.toISOString().replace(".000", "")).toBe(fake.sessions.get(paid.id)!.when_completed);

    // Wave keeps the session open after a failed try: the customer may top up and pay.
    const poor = await c.createCheckoutSession(checkout());
    await fake.fail(poor.id, "insufficient-funds", { delivery: "none" });
    await expect(c.getCheckoutSession(poor.id)).resolves.toMatchObject({
      outcome: { status: "pending", lastTryFailed: "insufficient_funds", said: "open/cancelled (last try: insufficient-funds)" },
    });
    await fake.pay(poor.id, { delivery: "none" });
    await expect(c.getCheckoutSession(poor.id)).resolves.toMatchObject({ outcome: { status: "completed" } });

    const late = await c.createCheckoutSession(checkout());
    fake.expire(late.id);
    await expect(c.getCheckoutSession(late.id)).resolves.toMatchObject({ outcome: { status: "failed", reason: "expired", said: "expired/processing" } });
  });

  it("a failed try under the other readings of Wave's docs (switches): payment_status left processing is still a try; a session Wave completes on it is final", async () => {
    const c = client();
    fake.switches.failedTryPaymentStatus = "processing";
    const stillProcessing = await c.createCheckoutSession(checkout());
    await fake.fail(stillProcessing.id, "payment-failure", { delivery: "none" });
    fake.switches.failedTryPaymentStatus = "cancelled";
    await expect(c.getCheckoutSession(stillProcessing.id)).resolves.toMatchObject({ outcome: { status: "pending", lastTryFailed: "payment_failure" } });

    fake.switches.failedTry = "completes";
    const completed = await c.createCheckoutSession(checkout());
    await fake.fail(completed.id, "insufficient-funds", { delivery: "none" });
    fake.switches.failedTry = "stays_open";
    await expect(c.getCheckoutSession(completed.id)).resolves.toMatchObject({ outcome: { status: "failed", reason: "insufficient_funds" } });
  });

  it("expire: 200 with an empty body closes an open session; 409 once complete; an expired one answers 409 or 200 (switch)", async () => {
    const c = client();
    const open = await c.createCheckoutSession(checkout());
    await c.expireCheckoutSession(open.id);
    expect(fake.sessions.get(open.id)!.checkout_status).toBe("expired");
    await expect(c.expireCheckoutSession(open.id)).rejects.toMatchObject({ httpStatus: 409 });
    fake.switches.expireExpired = 200;
    await expect(c.expireCheckoutSession(open.id)).resolves.toBeUndefined();
    fake.switches.expireExpired = 409;

    const paid = await c.createCheckoutSession(checkout());
    await fake.pay(paid.id, { delivery: "none" });
    await expect(c.expireCheckoutSession(paid.id)).rejects.toMatchObject({ httpStatus: 409 });
    await expect(c.expireCheckoutSession("cos-nosuchsession")).rejects.toMatchObject({ httpStatus: 404, operatorCode: "checkout-session-not-found" });
  });

  it("search by client_reference answers {result: [...]}, empty when nothing matches", async () => {
    const input = checkout();
    const made = await client().createCheckoutSession(input);
    await expect(client().searchCheckoutSessions(input.clientReference)).resolves.toMatchObject([{ id: made.id, clientReference: input.clientReference }]);
    await expect(client().searchCheckoutSessions("DEP_NOTHING_HERE")).resolves.toEqual([]);
    const [request] = fake.received.filter((r) => r.path === "/v1/checkout/sessions/search").slice(-1);
    expect(request.url.searchParams.get("client_reference")).toBe("DEP_NOTHING_HERE");
  });

  it("refund: the whole payment, 200 with an empty body; a second call answers as the switch says; nothing to refund is checkout-refund-failed", async () => {
    const c = client();
    const paid = await c.createCheckoutSession(checkout());
    await fake.pay(paid.id, { delivery: "none" });
    await expect(c.refundCheckoutSession(paid.id)).resolves.toBeUndefined();
    const [request] = fake.received.filter((r) => r.path === `/v1/checkout/sessions/${paid.id}/refund`);
    expect([request.method, request.body]).toEqual(["POST", ""]);
    await expect(c.refundCheckoutSession(paid.id)).resolves.toBeUndefined();
    fake.switches.secondRefund = "refused";
    await expect(c.refundCheckoutSession(paid.id)).rejects.toMatchObject({ httpStatus: 400, operatorCode: "checkout-refund-failed" });
    fake.switches.secondRefund = "idempotent";
    expect(fake.refunds.get(paid.id)).toBe(1);

    const unpaid = await c.createCheckoutSession(checkout());
    await expect(c.refundCheckoutSession(unpaid.id)).rejects.toMatchObject({ httpStatus: 400, operatorCode: "checkout-refund-failed" });
    await expect(c.refundCheckoutSession("cos-nosuchsession")).rejects.toMatchObject({ httpStatus: 404, operatorCode: "checkout-session-not-found" });
  });
});

describe("Wave events", () => {
  it("a signed checkout.session.completed reads as the paid session with our reference", async () => {
    const input = checkout();
    const session = await client().createCheckoutSession(input);
    await fake.pay(session.id);
    const [delivered] = eventsFor(input.clientReference);
    expect(delivered.method).toBe("POST");
    expect(delivered.headers["wave-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const result = read(delivered);
    expect(result).toMatchObject({
      ok: true,
      event: { type: "checkout.session.completed", session: { id: session.id, clientReference: input.clientReference, amountMinor: 1500n, currency: "XOF", outcome: { status: "completed" } } },
    });
  });

  it("a payment_failed event reads as a failed try on a session still open: pending, with Wave's reason", async () => {
    // The old reading (the deposit failed) dropped the customer's payment after topping up.
    const input = checkout();
    const session = await client().createCheckoutSession(input);
    await fake.fail(session.id, "insufficient-funds");
    expect(read(eventsFor(input.clientReference)[0])).toMatchObject({
      ok: true,
      event: { type: "checkout.session.payment_failed", session: { outcome: { status: "pending", lastTryFailed: "insufficient_funds" } } },
    });
  });

  it("shared secret strategy: the secret comes as Authorization: Bearer, compared as a whole; a Wave-Signature is not what that webhook sends", async () => {
    fake.useWebhookStrategy("shared_secret");
    try {
      const input = checkout();
      const session = await client().createCheckoutSession(input);
      await fake.pay(session.id);
      await fake.deliverEvent(session.id, "checkout.session.completed", { badSignature: true });
      const [delivered, forged] = eventsFor(input.clientReference);
      expect(delivered.headers.authorization).toBe(`Bearer ${fake.config.webhookSecret}`);
      expect(delivered.headers["wave-signature"]).toBeUndefined();
      expect(read(delivered)).toMatchObject({ ok: true, event: { type: "checkout.session.completed" } });
      expect(read(forged)).toEqual({ ok: false, reason: "mismatch" });
      const secret = fake.config.webhookSecret!;
      const shared = { strategy: "shared_secret" as const, secret };
      expect(readWaveEvent({ authorization: `Bearer ${secret}x` }, delivered.body, shared)).toEqual({ ok: false, reason: "mismatch" });
      expect(readWaveEvent({ authorization: secret }, delivered.body, shared)).toEqual({ ok: false, reason: "malformed" });
      expect(readWaveEvent({}, delivered.body, shared)).toEqual({ ok: false, reason: "missing" });
      expect(readWaveEvent({ authorization: `Bearer ${secret}` }, delivered.body, { ...shared, secret: null })).toEqual({ ok: false, reason: "no_secret" });
      // The same delivery checked as a signing-secret webhook: no Wave-Signature, refused.
      expect(readWaveEvent(headersOf(delivered), delivered.body, { strategy: "signing_secret", secret })).toEqual({ ok: false, reason: "missing" });
    } finally {
      fake.useWebhookStrategy("signing_secret");
    }
  });

  it("signing secret: a signature over t + '.' + body (Stripe's scheme) is refused: Wave signs t + body", async () => {
    const input = checkout();
    await fake.pay((await client().createCheckoutSession(input)).id, { dotSignature: true });
    expect(read(eventsFor(input.clientReference)[0])).toEqual({ ok: false, reason: "mismatch" });
  });

  it("refuses a bad signature, an old event and a tampered body", async () => {
    const bad = checkout();
    await fake.pay((await client().createCheckoutSession(bad)).id, { badSignature: true });
    expect(read(eventsFor(bad.clientReference)[0])).toEqual({ ok: false, reason: "mismatch" });

    const old = checkout();
    await fake.pay((await client().createCheckoutSession(old)).id, { ageSeconds: 360 });
    expect(read(eventsFor(old.clientReference)[0])).toEqual({ ok: false, reason: "expired" });

    const tampered = checkout();
    await fake.pay((await client().createCheckoutSession(tampered)).id);
    const original = eventsFor(tampered.clientReference)[0];
    const forged = { ...original, body: original.body.replace('"amount":"1500"', '"amount":"15"') };
    expect(forged.body).not.toBe(original.body);
    expect(read(forged)).toEqual({ ok: false, reason: "mismatch" });
  });

  it("a duplicate carries the same event id; a mismatched amount is reported as sent, for the settlement to refuse", async () => {
    const twice = checkout();
    await fake.pay((await client().createCheckoutSession(twice)).id, { delivery: "duplicate" });
    const [first, second] = eventsFor(twice.clientReference).map((r) => read(r));
    expect(first.ok && second.ok && first.event && second.event && first.event.id === second.event.id).toBe(true);

    const mismatched = checkout();
    await fake.pay((await client().createCheckoutSession(mismatched)).id, { amount: "15" });
    expect(read(eventsFor(mismatched.clientReference)[0])).toMatchObject({ ok: true, event: { session: { amountMinor: 15n } } });
  });

  it("sends no event when told, or sends it late (after our expiry)", async () => {
    const silent = checkout();
    await fake.pay((await client().createCheckoutSession(silent)).id, { delivery: "none" });
    expect(eventsFor(silent.clientReference)).toHaveLength(0);

    const late = checkout();
    const paying = fake.pay((await client().createCheckoutSession(late)).id, { delayMs: 300 });
    await sleep(100);
    expect(eventsFor(late.clientReference)).toHaveLength(0);
    await paying;
    expect(eventsFor(late.clientReference)).toHaveLength(1);
  });

  it("without a webhook secret every event is refused", async () => {
    const input = checkout();
    await fake.pay((await client().createCheckoutSession(input)).id);
    const delivered = eventsFor(input.clientReference)[0];
    expect(readWaveEvent(headersOf(delivered), delivered.body, { strategy: "signing_secret", secret: null })).toEqual({ ok: false, reason: "no_secret" });
  });
});

describe("Wave payouts", () => {
  it("sends the payout with its Idempotency-Key, amount as a string and E.164 mobile", async () => {
    const before = fake.received.length;
    const payout = await client().createPayout({
      idempotencyKey: "TRF_1-payout",
      amountMinor: 5000n,
      currency: "XOF",
      phone: "+221770000009",
      clientReference: "TRF_1",
      name: "Awa Diop",
    });
    const [request] = fake.received.slice(before);
    expect(request.path).toBe("/v1/payout");
    expect(request.headers["idempotency-key"]).toBe("TRF_1-payout");
    expect(JSON.parse(request.body)).toEqual({ currency: "XOF", receive_amount: "5000", mobile: "+221770000009", client_reference: "TRF_1", name: "Awa Diop" });
    expect(payout).toMatchObject({
      clientReference: "TRF_1",
      amountMinor: 5000n,
      feeMinor: 10n,
      outcome: { status: "completed", operatorReference: payout.id, amountMinor: 5000n, currency: "XOF", operatorFeeMinor: 10n, said: "succeeded" },
    });
    await expect(client().getPayout(payout.id)).resolves.toMatchObject({ id: payout.id, outcome: { status: "completed" } });
  });

  it("maps a failed payout and a processing one", async () => {
    fake.scriptPayout("+221770000010", "failed");
    fake.scriptPayout("+221770000011", "processing");
    const failed = await client().createPayout({ idempotencyKey: "TRF_2", amountMinor: 100n, currency: "XOF", phone: "+221770000010", clientReference: "TRF_2" });
    expect(failed.outcome).toEqual({ status: "failed", reason: "recipient_limit_exceeded", said: "failed (recipient-limit-exceeded)" });
    const processing = await client().createPayout({ idempotencyKey: "TRF_3", amountMinor: 100n, currency: "XOF", phone: "+221770000011", clientReference: "TRF_3" });
    expect(processing.outcome).toEqual({ status: "pending", said: "processing" });
  });

  it("Idempotency-Key: required (400 without); the same key and content give the same payout; the same key with other content is idempotency-mismatch", async () => {
    const input = { idempotencyKey: "TRF_IDEM", amountMinor: 700n, currency: "XOF", phone: "+221770000012", clientReference: "TRF_IDEM" };
    const first = await client().createPayout(input);
    expect((await client().createPayout(input)).id).toBe(first.id);
    await expect(client().createPayout({ ...input, amountMinor: 800n })).rejects.toMatchObject({ httpStatus: 409, operatorCode: "idempotency-mismatch" });
    expect([...fake.payouts.values()].filter((p) => p.client_reference === "TRF_IDEM")).toHaveLength(1);

    const withoutKey = await fetch(`${fake.url}/v1/payout`, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.config.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ currency: "XOF", receive_amount: "700", mobile: "+221770000012" }),
    });
    expect([withoutKey.status, (await withoutKey.json()).code]).toEqual([400, "request-validation-error"]);
  });

  it("two requests at once with one Idempotency-Key (undocumented: a switch): one payout; Wave's 409 to the second while the first executes is never a refusal: its status decides", async () => {
    const payouts = createWavePayouts(client());
    fake.timing.payoutExecutionMs = 300;
    try {
      for (const concurrentKey of ["conflict", "waits"] as const) {
        fake.switches.concurrentKey = concurrentKey;
        const reference = `TRF_CONCURRENT_${concurrentKey}`;
        const item = { reference, operatorRequestId: reference, amountMinor: 900n, currency: "XOF", phone: "+221770000030", createdAt: new Date(), operatorSentAt: null };
        const answers = await Promise.allSettled([payouts.send(item), payouts.send(item)]);
        const made = [...fake.payouts.values()].filter((p) => p.client_reference === reference);
        expect(made).toHaveLength(1);
        const sent = answers.flatMap((a) => (a.status === "fulfilled" ? [a.value] : []));
        const refused = answers.flatMap((a) => (a.status === "rejected" ? [a.reason] : []));
        if (concurrentKey === "conflict") {
          expect(sent.map((s) => s.outcome?.status)).toEqual(["completed"]);
          expect(refused).toHaveLength(1);
          expect(refused[0]).toMatchObject({ httpStatus: 409 });
          expect(mayAlreadyExist(refused[0])).toBe(true);
        } else {
          expect(sent.map((s) => s.operatorRequestId)).toEqual([made[0].id, made[0].id]);
        }
        // Read back by our reference, the one payout answers for both requests.
        await expect(payouts.status(item)).resolves.toMatchObject({ status: "completed", operatorReference: made[0].id, operatorFeeMinor: 10n });
      }
    } finally {
      fake.timing.payoutExecutionMs = 0;
      fake.switches.concurrentKey = "conflict";
    }
  });

  it("search by client_reference answers {result: [...]}; our adapter picks what reached the beneficiary among several, and 'not_found' only for none", async () => {
    const payouts = createWavePayouts(client());
    const item = (reference: string) => ({ reference, operatorRequestId: reference, amountMinor: 100n, currency: "XOF", phone: "+221770000020", createdAt: new Date(), operatorSentAt: new Date() });
    const send = (key: string, reference: string, phone: string) => client().createPayout({ idempotencyKey: key, amountMinor: 100n, currency: "XOF", phone, clientReference: reference });
    fake.scriptPayout("+221770000021", "failed");
    fake.scriptPayout("+221770000022", "processing");

    await expect(payouts.status(item("TRF_NONE"))).resolves.toBe("not_found");
    await send("k-failed-1", "TRF_SEVERAL", "+221770000021");
    await expect(payouts.status(item("TRF_SEVERAL"))).resolves.toMatchObject({ status: "failed" });
    await send("k-processing", "TRF_SEVERAL", "+221770000022");
    await expect(payouts.status(item("TRF_SEVERAL"))).resolves.toMatchObject({ status: "pending" });
    const paid = await send("k-paid", "TRF_SEVERAL", "+221770000020");
    await expect(payouts.status(item("TRF_SEVERAL"))).resolves.toMatchObject({ status: "completed", operatorReference: paid.id, amountMinor: 100n, operatorFeeMinor: 10n });
    await expect(client().searchPayouts("TRF_SEVERAL")).resolves.toHaveLength(3);
    // Two that succeeded: paid twice; the answer says so, for support.
    const again = await send("k-paid-again", "TRF_SEVERAL", "+221770000020");
    const twice = await payouts.status(item("TRF_SEVERAL"));
    expect(twice).toMatchObject({ status: "completed", said: `succeeded (2 payouts at Wave for this reference: ${paid.id}, ${again.id})` });
    // Once Wave's id is known, the payout is read by it.
    await expect(payouts.status({ ...item("TRF_SEVERAL"), operatorRequestId: paid.id })).resolves.toMatchObject({ status: "completed", operatorReference: paid.id });
  });

  it("reads Wave's three error body shapes: {code, message}, {error, message}, {error_code, error_message}", async () => {
    const shapes = [
      { code: "request-validation-error", message: "Request invalid" },
      { error: "request-validation-error", message: "Invalid phone number." },
      { error_code: "insufficient-funds", error_message: "Insufficient funds in wallet." },
    ];
    const stub = await startFakeServer((_request, res) => sendJson(res, 400, shapes.shift()));
    try {
      const stubbed = createWaveClient({ ...fake.config, baseUrl: stub.url }, { breaker: createOperatorBreaker("wave") });
      const input = { idempotencyKey: "TRF_SHAPES", amountMinor: 100n, currency: "XOF", phone: "+221770000030", clientReference: "TRF_SHAPES" };
      for (const expected of ["request-validation-error", "request-validation-error", "insufficient-funds"]) {
        await expect(stubbed.createPayout(input)).rejects.toMatchObject({ httpStatus: 400, operatorCode: expected });
      }
    } finally {
      await stub.close();
    }
  });
});

describe("Wave configuration", () => {
  it("needs an API key; the base URL defaults to Wave's, the webhook strategy to signing_secret", () => {
    expect(readWaveConfig({})).toBeNull();
    expect(readWaveConfig({ WAVE_API_KEY: "k" })).toEqual({ baseUrl: "https://api.wave.com", apiKey: "k", webhookSecret: null, webhookStrategy: "signing_secret", timeoutMs: 10_000 });
    expect(readWaveConfig({ WAVE_API_KEY: "k", WAVE_API_BASE_URL: "not a url" })).toBeNull();
    expect(readWaveConfig({ WAVE_API_KEY: "k", WAVE_WEBHOOK_STRATEGY: "shared_secret" })).toMatchObject({ webhookStrategy: "shared_secret" });
    // A strategy we cannot read would refuse every event, or check them otherwise than Wave sends them: Wave stays off.
    expect(readWaveConfig({ WAVE_API_KEY: "k", WAVE_WEBHOOK_STRATEGY: "shared-secret" })).toBeNull();
    expect(readWaveConfig({ WAVE_API_KEY: "k", WAVE_API_BASE_URL: "http://127.0.0.1:9/", WAVE_WEBHOOK_SECRET: "s" })).toMatchObject({
      baseUrl: "http://127.0.0.1:9",
      webhookSecret: "s",
    });
  });
});
