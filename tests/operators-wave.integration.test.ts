import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperatorBreaker } from "@/lib/gateways/operators/circuit-breaker";
import {
  OperatorNotSentError,
  OperatorRejectedError,
  OperatorUnknownOutcomeError,
} from "@/lib/gateways/operators/operator-errors";
import { createWaveClient, type WaveCheckoutInput } from "@/lib/gateways/wave/wave-client";
import { readWaveConfig } from "@/lib/gateways/wave/wave-config";
import { readWaveEvent } from "@/lib/gateways/wave/wave-events";
import { sendJson, sleep, startFakeServer, type FakeServer, type Recorded } from "./fakes/fake-http";
import { startWaveFake, type WaveFake } from "./fakes/wave-fake";

// The Wave client and event verification against a local fake of Wave's Checkout and Payout APIs.

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
const read = (r: Recorded, now?: Date) => readWaveEvent(r.headers["wave-signature"] as string, r.body, fake.config.webhookSecret, { now });

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
      status: { state: "pending", operatorCode: "processing" },
    });
    expect(session.expiresAt).toBeInstanceOf(Date);
  });

  it("the same Idempotency-Key gives back the first session, never a second one", async () => {
    const input = checkout();
    const c = client();
    const first = await c.createCheckoutSession(input);
    const again = await c.createCheckoutSession(input);
    expect(again.id).toBe(first.id);
    expect([...fake.sessions.values()].filter((s) => s.client_reference === input.clientReference)).toHaveLength(1);
  });

  it("a timeout is an unknown outcome; sending again with the same key finds the session Wave made", async () => {
    const input = checkout();
    fake.failNext({ delayMs: 800, process: true });
    const error = await client(250).createCheckoutSession(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperatorUnknownOutcomeError);
    expect(error).toMatchObject({ reason: "timeout" });
    // Wave made the session even though its answer came too late.
    const made = () => [...fake.sessions.values()].filter((s) => s.client_reference === input.clientReference);
    await expect.poll(() => made().length, { timeout: 5_000 }).toBe(1);
    const session = await client().createCheckoutSession(input);
    expect(made().map((s) => s.id)).toEqual([session.id]);
  });

  it("HTTP 500 is an unknown outcome, a 4xx is Wave's refusal with its code, and the API key never shows", async () => {
    fake.failNext({ status: 500 });
    await expect(client().createCheckoutSession(checkout())).rejects.toMatchObject({ kind: "unknown_outcome", reason: "server_error" });
    const missing = await client().getCheckoutSession("cos-doesnotexist").catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(OperatorRejectedError);
    expect(missing).toMatchObject({ httpStatus: 404, operatorCode: "not-found" });

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

  it("maps each outcome of a session read: open, paid, failed attempt, expired", async () => {
    const c = client();
    const open = await c.createCheckoutSession(checkout());
    await expect(c.getCheckoutSession(open.id)).resolves.toMatchObject({ status: { state: "pending" } });

    const paid = await c.createCheckoutSession(checkout({ amountMinor: 2500n }));
    await fake.pay(paid.id, { delivery: "none" });
    const paidStatus = (await c.getCheckoutSession(paid.id)).status;
    expect(paidStatus).toMatchObject({ state: "succeeded", amountMinor: 2500n, currency: "XOF", operatorReference: fake.sessions.get(paid.id)!.transaction_id });
    expect(paidStatus.occurredAt?.toISOString().replace(".000", "")).toBe(fake.sessions.get(paid.id)!.when_completed);

    const poor = await c.createCheckoutSession(checkout());
    await fake.fail(poor.id, "insufficient-funds", { delivery: "none" });
    await expect(c.getCheckoutSession(poor.id)).resolves.toMatchObject({ status: { state: "failed", reason: "insufficient_funds", operatorCode: "insufficient-funds" } });

    const late = await c.createCheckoutSession(checkout());
    fake.expire(late.id);
    await expect(c.getCheckoutSession(late.id)).resolves.toMatchObject({ status: { state: "failed", reason: "expired" } });

    // Our own expiry: close the session on Wave's side so it can no longer be paid.
    const ours = await c.createCheckoutSession(checkout());
    await c.expireCheckoutSession(ours.id);
    expect(fake.sessions.get(ours.id)!.checkout_status).toBe("expired");
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
      event: { type: "checkout.session.completed", session: { id: session.id, clientReference: input.clientReference, amountMinor: 1500n, currency: "XOF", status: { state: "succeeded" } } },
    });
  });

  it("a payment_failed event reads as a failed attempt with Wave's reason", async () => {
    const input = checkout();
    const session = await client().createCheckoutSession(input);
    await fake.fail(session.id, "insufficient-funds");
    expect(read(eventsFor(input.clientReference)[0])).toMatchObject({
      ok: true,
      event: { type: "checkout.session.payment_failed", session: { status: { state: "failed", reason: "insufficient_funds" } } },
    });
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
    expect(readWaveEvent(delivered.headers["wave-signature"] as string, delivered.body, null)).toEqual({ ok: false, reason: "no_secret" });
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
    expect(payout).toMatchObject({ clientReference: "TRF_1", amountMinor: 5000n, feeMinor: 10n, status: { state: "succeeded", operatorReference: payout.id } });
    await expect(client().getPayout(payout.id)).resolves.toMatchObject({ id: payout.id, status: { state: "succeeded" } });
  });

  it("maps a failed payout and a processing one", async () => {
    fake.scriptPayout("+221770000010", "failed");
    fake.scriptPayout("+221770000011", "processing");
    const failed = await client().createPayout({ idempotencyKey: "TRF_2", amountMinor: 100n, currency: "XOF", phone: "+221770000010", clientReference: "TRF_2" });
    expect(failed.status).toMatchObject({ state: "failed", reason: "recipient_limit_exceeded", operatorCode: "recipient-limit-exceeded" });
    const processing = await client().createPayout({ idempotencyKey: "TRF_3", amountMinor: 100n, currency: "XOF", phone: "+221770000011", clientReference: "TRF_3" });
    expect(processing.status).toMatchObject({ state: "pending", operatorCode: "processing" });
  });
});

describe("Wave configuration", () => {
  it("needs an API key; the base URL defaults to Wave's", () => {
    expect(readWaveConfig({})).toBeNull();
    expect(readWaveConfig({ WAVE_API_KEY: "k" })).toEqual({ baseUrl: "https://api.wave.com", apiKey: "k", webhookSecret: null, timeoutMs: 10_000 });
    expect(readWaveConfig({ WAVE_API_KEY: "k", WAVE_API_BASE_URL: "not a url" })).toBeNull();
    expect(readWaveConfig({ WAVE_API_KEY: "k", WAVE_API_BASE_URL: "http://127.0.0.1:9/", WAVE_WEBHOOK_SECRET: "s" })).toMatchObject({
      baseUrl: "http://127.0.0.1:9",
      webhookSecret: "s",
    });
  });
});
