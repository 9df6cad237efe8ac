import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mtnMomoCallbackHint, mtnMomoCallbackUrl } from "@/lib/integrations/gateways/mtn-momo/mtn-momo-callback";
import { createMtnMomoClient, type MtnMomoPaymentInput } from "@/lib/integrations/gateways/mtn-momo/mtn-momo-client";
import { readMtnMomoConfig } from "@/lib/integrations/gateways/mtn-momo/mtn-momo-config";
import { createOperatorBreaker } from "@/lib/integrations/gateways/operators/circuit-breaker";
import {
  OperatorNotSentError,
  OperatorRejectedError,
  OperatorUnavailableError,
  OperatorUnknownOutcomeError,
} from "@/lib/integrations/gateways/operators/operator-errors";
import { sendJson, sleep, startFakeServer, type FakeServer } from "../fakes/fake-http";
import { mtnFakeAccount, startMtnMomoFake, type MtnMomoFake } from "../fakes/mtn-momo-fake";

// The MTN MoMo client against a local fake of MTN's Collection and Disbursement APIs.

let fake: MtnMomoFake;
let receiver: FakeServer;

beforeAll(async () => {
  fake = await startMtnMomoFake();
  receiver = await startFakeServer((_request, res) => sendJson(res, 200));
});
afterAll(async () => {
  await fake.close();
  await receiver.close();
});

// Each test gets its own circuit, so one test's failures never open another's.
const client = (options: { timeoutMs?: number; disbursement?: boolean } = {}) =>
  createMtnMomoClient(
    { ...fake.config, disbursementSubscriptionKey: options.disbursement === false ? null : fake.config.disbursementSubscriptionKey },
    { breaker: createOperatorBreaker("mtn-momo"), timeoutMs: options.timeoutMs },
  );

let phoneCounter = 0;
/** A fresh customer phone (E.164) and its MSISDN as MTN writes it. */
function customer() {
  const digits = `22507${String(Date.now() % 1e6).padStart(6, "0")}${String(++phoneCounter).padStart(2, "0")}`;
  return { phone: `+${digits}`, msisdn: digits };
}

function payment(phone: string, overrides: Partial<MtnMomoPaymentInput> = {}): MtnMomoPaymentInput {
  return { referenceId: randomUUID(), externalId: `DEP_${randomUUID().slice(0, 8)}`, amountMinor: 1500n, currency: "XOF", phone, ...overrides };
}

const apiCalls = (path: string) => fake.received.filter((r) => r.path.startsWith(path));


describe("MTN MoMo request to pay", () => {
  it("sends MTN's documented request: token with Basic + subscription key, then 202 on requesttopay", async () => {
    const { phone, msisdn } = customer();
    const input = payment(phone, { message: "Order 42 at Acme's", callbackUrl: mtnMomoCallbackUrl(receiver.url, "DEP_ABC") });
    const before = fake.received.length;
    await expect(client().requestToPay(input)).resolves.toEqual({ referenceId: input.referenceId, alreadyAccepted: false });

    const [token, request] = fake.received.slice(before);
    expect(token.method).toBe("POST");
    expect(token.path).toBe("/collection/token/");
    expect(token.headers.authorization).toBe(`Basic ${Buffer.from(`${fake.credentials.apiUser}:${fake.credentials.apiKey}`).toString("base64")}`);
    expect(token.headers["ocp-apim-subscription-key"]).toBe(fake.credentials.subscriptionKey);

    expect(request.method).toBe("POST");
    expect(request.path).toBe("/collection/v1_0/requesttopay");
    expect(request.headers.authorization).toMatch(/^Bearer .+/);
    expect(request.headers["x-reference-id"]).toBe(input.referenceId);
    expect(request.headers["x-target-environment"]).toBe("mtnivorycoast");
    expect(request.headers["ocp-apim-subscription-key"]).toBe(fake.credentials.subscriptionKey);
    expect(request.headers["x-callback-url"]).toBe(`${receiver.url}/api/operators/mtn-momo/callback?reference=DEP_ABC`);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual({
      amount: "1500",
      currency: "XOF",
      externalId: input.externalId,
      payer: { partyIdType: "MSISDN", partyId: msisdn },
      // MTN refuses apostrophes in these fields with 400.
      payerMessage: "Order 42 at Acme s",
      payeeNote: input.externalId,
    });
  });

  it("writes two-decimal currencies exactly and reads them back, normalised by MTN", async () => {
    const { phone } = customer();
    const answers: string[] = [];
    const recording: typeof fetch = async (url, init) => {
      const response = await fetch(url, init);
      answers.push(await response.clone().text());
      return response;
    };
    const c = createMtnMomoClient(fake.config, { breaker: createOperatorBreaker("mtn-momo"), fetch: recording });
    const input = payment(phone, { amountMinor: 1050n, currency: "EUR" });
    await c.requestToPay(input);
    expect(fake.transactions.get(input.referenceId)!.body.amount).toBe("10.50");
    // MTN reads amounts back normalised ("5.0" -> "5"): compared as numbers, never as text.
    expect(await c.requestToPayStatus(input.referenceId)).toMatchObject({ state: "succeeded", amountMinor: 1050n, currency: "EUR" });
    expect(JSON.parse(answers.at(-1)!).amount).toBe("10.5");
  });

  it("asks for one token for many calls, concurrent ones included, and renews one MTN refuses", async () => {
    const c = client();
    const before = fake.tokenCalls.collection;
    const inputs = Array.from({ length: 5 }, () => payment(customer().phone));
    await Promise.all(inputs.map((input) => c.requestToPay(input)));
    await c.requestToPayStatus(inputs[0].referenceId);
    await c.requestToPayStatus(inputs[1].referenceId);
    expect(fake.tokenCalls.collection - before).toBe(1);

    // MTN stops accepting the token before we expected: one new token, one more try, success.
    fake.expireTokens();
    await expect(c.requestToPayStatus(inputs[2].referenceId)).resolves.toMatchObject({ state: "succeeded" });
    expect(fake.tokenCalls.collection - before).toBe(2);
  });

  it("maps each customer outcome to our status", async () => {
    const c = client();
    const outcomes = [
      ["approve", { state: "succeeded", operatorCode: "SUCCESSFUL", amountMinor: 1500n, currency: "XOF" }],
      ["decline", { state: "failed", reason: "declined_by_customer", operatorCode: "APPROVAL_REJECTED" }],
      ["insufficient_funds", { state: "failed", reason: "insufficient_funds", operatorCode: "NOT_ENOUGH_FUNDS" }],
      ["never_answers", { state: "pending", operatorCode: "PENDING" }],
    ] as const;
    for (const [behaviour, expected] of outcomes) {
      const { phone, msisdn } = customer();
      fake.script(msisdn, { customer: behaviour });
      const input = payment(phone);
      await c.requestToPay(input);
      const status = await c.requestToPayStatus(input.referenceId);
      expect(status, behaviour).toMatchObject(expected);
      if (behaviour === "approve") expect(status.operatorReference).toBe(fake.transactions.get(input.referenceId)!.financialTransactionId);
      else expect(status.operatorReference).toBeUndefined();
    }
  });

  it("treats a repeated X-Reference-Id as already accepted: MTN keeps one payment", async () => {
    const c = client();
    const input = payment(customer().phone);
    await c.requestToPay(input);
    await expect(c.requestToPay(input)).resolves.toEqual({ referenceId: input.referenceId, alreadyAccepted: true });
    expect([...fake.transactions.values()].filter((tx) => tx.referenceId === input.referenceId)).toHaveLength(1);
  });

  it("a timeout after sending is an unknown outcome, and the status read by our reference resolves it", async () => {
    const c = client({ timeoutMs: 300 });
    const input = payment(customer().phone);
    fake.failNext({ delayMs: 1000, process: true });
    const started = Date.now();
    const error = await c.requestToPay(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperatorUnknownOutcomeError);
    expect((error as OperatorUnknownOutcomeError).reason).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(900);
    // MTN did receive it (once its late answer is done): polling finds the payment and its outcome.
    await expect.poll(() => fake.transactions.has(input.referenceId), { timeout: 5_000 }).toBe(true);
    await expect(c.requestToPayStatus(input.referenceId)).resolves.toMatchObject({ state: "succeeded" });
  });

  it.each(["NOT_ALLOWED", "NOT_ALLOWED_TARGET_ENVIRONMENT", "INVALID_CALLBACK_URL_HOST", "INVALID_CURRENCY"])(
    "a 500 with MTN's refusal code %s is a refusal (MTN refuses these before queuing)",
    async (code) => {
      fake.serverErrorNext({ status: 500, code, recorded: false });
      const error = await client().requestToPay(payment(customer().phone)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OperatorRejectedError);
      expect(error).toMatchObject({ httpStatus: 500, operatorCode: code });
    },
  );

  it.each([
    [500, "INTERNAL_PROCESSING_ERROR"],
    [503, "SERVICE_UNAVAILABLE"],
    [500, undefined],
  ] as const)("a %s %s may come after MTN queued the request: an unknown outcome", async (status, code) => {
    fake.serverErrorNext({ status, code, recorded: true });
    const input = payment(customer().phone);
    const error = await client().requestToPay(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperatorUnknownOutcomeError);
    expect(error).toMatchObject({ reason: "server_error", httpStatus: status });
    expect(fake.transactions.has(input.referenceId)).toBe(true);
  });

  it("an HTTP 500 is an unknown outcome; a reference MTN does not know is its 404", async () => {
    const c = client();
    fake.failNext({ status: 500 });
    const error = await c.requestToPay(payment(customer().phone)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperatorUnknownOutcomeError);
    expect(error).toMatchObject({ reason: "server_error", httpStatus: 500 });

    const missing = await c.requestToPayStatus(randomUUID()).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(OperatorRejectedError);
    expect(missing).toMatchObject({ httpStatus: 404, operatorCode: "RESOURCE_NOT_FOUND" });
  });

  it("refuses before sending what MTN cannot take, and never puts credentials in errors", async () => {
    const before = fake.received.length;
    const c = client();
    await expect(c.requestToPay(payment("0700000000"))).rejects.toMatchObject({ reason: "invalid_request" });
    await expect(c.requestToPay(payment(customer().phone, { referenceId: "DEP_123" }))).rejects.toBeInstanceOf(OperatorNotSentError);
    expect(fake.received.length).toBe(before);

    const wrong = createMtnMomoClient({ ...fake.config, apiKey: "wrong-secret-key-42" }, { breaker: createOperatorBreaker("mtn-momo") });
    const error = (await wrong.requestToPay(payment(customer().phone)).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(OperatorRejectedError);
    expect(error).toMatchObject({ httpStatus: 401, operatorCode: "login_failed", operation: "collection token" });
    const shown = `${error.message} ${JSON.stringify(error)} ${error.stack}`;
    for (const secret of ["wrong-secret-key-42", fake.credentials.subscriptionKey, Buffer.from(`${fake.credentials.apiUser}:wrong-secret-key-42`).toString("base64")]) {
      expect(shown).not.toContain(secret);
    }
  });
});

describe("MTN MoMo logs", () => {
  it("log one line per call with the operator, the call, its status and time, and no credential, token or phone", async () => {
    const lines: string[] = [];
    const capture = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
    const out = vi.spyOn(console, "log").mockImplementation(capture);
    const err = vi.spyOn(console, "error").mockImplementation(capture);
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = "info";
    try {
      const { phone, msisdn } = customer();
      const input = payment(phone);
      const c = client({ timeoutMs: 200 });
      await c.requestToPay(input);
      await c.requestToPayStatus(input.referenceId);
      fake.failNext({ delayMs: 500 });
      await c.requestToPayStatus(input.referenceId).catch(() => undefined);

      const calls = lines.map((line) => JSON.parse(line));
      expect(calls.map((c) => [c.msg, c.operation, c.status ?? c.reason])).toEqual([
        ["operator call", "collection token", 200],
        ["operator call", "requesttopay", 202],
        ["operator call", "requesttopay status", 200],
        ["operator call failed", "requesttopay status", "timeout"],
      ]);
      const all = lines.join("\n");
      for (const secret of [fake.credentials.apiKey, fake.credentials.subscriptionKey, fake.credentials.apiUser, msisdn, input.referenceId, "Bearer", "Basic"]) {
        expect(all).not.toContain(secret);
      }
    } finally {
      process.env.LOG_LEVEL = level;
      out.mockRestore();
      err.mockRestore();
    }
  });
});

describe("MTN MoMo callbacks", () => {
  const callbacksFor = (reference: string) => receiver.received.filter((r) => r.url.searchParams.get("reference") === reference);

  async function pay(script: Parameters<MtnMomoFake["script"]>[1]) {
    const { phone, msisdn } = customer();
    fake.script(msisdn, script);
    const reference = `DEP_${randomUUID().slice(0, 8)}`;
    const input = payment(phone, { externalId: reference, callbackUrl: mtnMomoCallbackUrl(receiver.url, reference) });
    await client().requestToPay(input);
    return { reference, input };
  }

  it("sends one unsigned PUT whose body is the status read's, and names the payment for a status read", async () => {
    const { reference } = await pay({});
    await expect.poll(() => callbacksFor(reference).length).toBe(1);
    const [callback] = callbacksFor(reference);
    expect(callback.method).toBe("PUT");
    expect(callback.headers.authorization).toBeUndefined();
    expect(JSON.parse(callback.body)).toMatchObject({ status: "SUCCESSFUL", externalId: reference, amount: "1500" });
    expect(mtnMomoCallbackHint(callback.url, JSON.parse(callback.body))).toEqual({ reference, externalId: reference });
  });

  it("can send no callback, a duplicate, a POST, a late one, or one with another amount", async () => {
    const none = await pay({ callback: "none" });
    const twice = await pay({ callback: "duplicate", callbackMethod: "POST" });
    const late = await pay({ callbackDelayMs: 400 });
    const lateAnsweredAt = Date.now();
    const mismatched = await pay({ callback: "mismatched_amount" });
    await expect.poll(() => callbacksFor(twice.reference).length).toBe(2);
    expect(callbacksFor(twice.reference).map((c) => c.method)).toEqual(["POST", "POST"]);
    await expect.poll(() => callbacksFor(mismatched.reference).length).toBe(1);
    // The callback claims 1 XOF was paid; the status read, which is what counts, says 1500.
    expect(JSON.parse(callbacksFor(mismatched.reference)[0].body).amount).toBe("1");
    await expect(client().requestToPayStatus(mismatched.input.referenceId)).resolves.toMatchObject({ amountMinor: 1500n });
    // Not before its delay: checked while the delay runs (on a loaded machine the lines above may outlast it).
    if (Date.now() - lateAnsweredAt < 350) expect(callbacksFor(late.reference)).toHaveLength(0);
    await expect.poll(() => callbacksFor(late.reference).length).toBe(1);
    expect(callbacksFor(none.reference)).toHaveLength(0);
  });

  it("ignores a callback that names no payment", () => {
    expect(mtnMomoCallbackHint(new URL("http://x/api/operators/mtn-momo/callback"), { status: "SUCCESSFUL" })).toBeNull();
  });
});

describe("MTN MoMo disbursement", () => {
  it("pays out with the disbursement token and subscription key, payee MSISDN", async () => {
    const { phone, msisdn } = customer();
    const c = client();
    const input = payment(phone, { amountMinor: 2000n });
    const before = fake.received.length;
    await expect(c.transfer(input)).resolves.toEqual({ referenceId: input.referenceId, alreadyAccepted: false });
    const [token, request] = fake.received.slice(before);
    expect(token.path).toBe("/disbursement/token/");
    expect(token.headers["ocp-apim-subscription-key"]).toBe(fake.credentials.disbursementSubscriptionKey);
    expect(request.path).toBe("/disbursement/v1_0/transfer");
    expect(request.headers["ocp-apim-subscription-key"]).toBe(fake.credentials.disbursementSubscriptionKey);
    expect(JSON.parse(request.body)).toMatchObject({ amount: "2000", currency: "XOF", payee: { partyIdType: "MSISDN", partyId: msisdn } });
    await expect(c.transferStatus(input.referenceId)).resolves.toMatchObject({ state: "succeeded", amountMinor: 2000n });
  });

  it("without a disbursement key, payouts are refused before sending", async () => {
    const before = fake.received.length;
    const error = await client({ disbursement: false }).transfer(payment(customer().phone)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperatorNotSentError);
    expect(error).toMatchObject({ reason: "not_configured" });
    expect(fake.received.length).toBe(before);
  });
});

describe("MTN MoMo's sandbox (EUR only)", () => {
  let sandbox: MtnMomoFake;
  beforeAll(async () => {
    sandbox = await startMtnMomoFake({ accounts: [mtnFakeAccount("sandbox", "sandbox")] });
  });
  afterAll(() => sandbox.close());
  const sandboxClient = (deps: { fetch?: typeof fetch } = {}) => createMtnMomoClient(sandbox.config, { breaker: createOperatorBreaker("mtn-momo"), ...deps });

  it("sends our amount as EUR with the same digits and reads it back in our currency: request to pay, transfer and refund", async () => {
    const c = sandboxClient();
    const paid = payment(customer().phone, { amountMinor: 5150n });
    await c.requestToPay(paid);
    expect(sandbox.transactions.get(paid.referenceId)!.body).toMatchObject({ amount: "5150", currency: "EUR" });
    await expect(c.requestToPayStatus(paid.referenceId, "XOF")).resolves.toMatchObject({ state: "succeeded", amountMinor: 5150n, currency: "XOF" });

    const payout = payment(customer().phone, { amountMinor: 2000n, currency: "XAF" });
    await c.transfer(payout);
    expect(sandbox.transactions.get(payout.referenceId)!.body).toMatchObject({ amount: "2000", currency: "EUR" });
    await expect(c.transferStatus(payout.referenceId, "XAF")).resolves.toMatchObject({ state: "succeeded", amountMinor: 2000n, currency: "XAF" });

    const refund = { referenceId: randomUUID(), externalId: "RFD_SANDBOX", amountMinor: 150n, currency: "XOF", referenceIdToRefund: paid.referenceId };
    await c.refund(refund);
    expect(sandbox.transactions.get(refund.referenceId)!.body).toMatchObject({ amount: "150", currency: "EUR", referenceIdToRefund: paid.referenceId });
    await expect(c.refundStatus(refund.referenceId, "XOF")).resolves.toMatchObject({ state: "succeeded", amountMinor: 150n, currency: "XOF" });
  });

  it.each([500, 400] as const)("refuses another currency as MTN documents (%s INVALID_CURRENCY): a refusal, nothing recorded", async (status) => {
    sandbox.settings.sandboxCurrencyStatus = status;
    // What our client sent before issue 26: the deposit's own currency.
    const ownCurrency: typeof fetch = (url, init) =>
      fetch(url, { ...init, body: typeof init?.body === "string" ? init.body.replace('"currency":"EUR"', '"currency":"XOF"') : init?.body });
    const input = payment(customer().phone);
    try {
      const error = await sandboxClient({ fetch: ownCurrency }).requestToPay(input).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OperatorRejectedError);
      expect(error).toMatchObject({ httpStatus: status, operatorCode: "INVALID_CURRENCY" });
      expect(sandbox.transactions.has(input.referenceId)).toBe(false);
    } finally {
      sandbox.settings.sandboxCurrencyStatus = 500;
    }
  });
});

describe("MTN MoMo circuit breaker", () => {
  it("opens after repeated failures and then answers at once without calling MTN, until a trial call succeeds", async () => {
    const breaker = createOperatorBreaker("mtn-momo", { volumeThreshold: 4, failureThresholdPercentage: 50, resetTimeoutMs: 600 });
    const c = createMtnMomoClient(fake.config, { breaker });
    // A refusal is a healthy MTN: it counts as a success (1 of 4 calls), so 3 failures make 75%.
    await expect(c.requestToPayStatus(randomUUID())).rejects.toBeInstanceOf(OperatorRejectedError);
    fake.failNext({ status: 500 }, 3);
    for (let i = 0; i < 3; i++) {
      expect(breaker.isOpen).toBe(false);
      await expect(c.requestToPay(payment(customer().phone))).rejects.toBeInstanceOf(OperatorUnknownOutcomeError);
    }
    expect(breaker.isOpen).toBe(true);

    const before = apiCalls("/collection/v1_0").length;
    const started = Date.now();
    const error = await c.requestToPay(payment(customer().phone)).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(100);
    expect(error).toBeInstanceOf(OperatorUnavailableError);
    expect((error as OperatorUnavailableError).retryAfterSeconds).toBe(1);
    expect(apiCalls("/collection/v1_0").length).toBe(before);

    await sleep(700);
    await expect(c.requestToPay(payment(customer().phone))).resolves.toMatchObject({ alreadyAccepted: false });
    expect(breaker.isOpen).toBe(false);
  });
});

describe("MTN MoMo configuration", () => {
  const complete = {
    MTN_MOMO_BASE_URL: "https://proxy.momoapi.mtn.com/",
    MTN_MOMO_SUBSCRIPTION_KEY: "k",
    MTN_MOMO_API_USER: "u",
    MTN_MOMO_API_KEY: "s",
    MTN_MOMO_TARGET_ENVIRONMENT: "mtnivorycoast",
  };

  it("is null unless every collection credential is set", () => {
    expect(readMtnMomoConfig({})).toBeNull();
    for (const name of Object.keys(complete)) expect(readMtnMomoConfig({ ...complete, [name]: " " }), name).toBeNull();
    expect(readMtnMomoConfig({ ...complete, MTN_MOMO_BASE_URL: "ftp://x" })).toBeNull();
    expect(readMtnMomoConfig({ ...complete, OPERATOR_TIMEOUT_MS: "2500" })).toEqual({
      baseUrl: "https://proxy.momoapi.mtn.com",
      subscriptionKey: "k",
      apiUser: "u",
      apiKey: "s",
      targetEnvironment: "mtnivorycoast",
      disbursementSubscriptionKey: null,
      timeoutMs: 2500,
    });
  });
});
