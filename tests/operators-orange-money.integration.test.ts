import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperatorBreaker } from "@/lib/gateways/operators/circuit-breaker";
import {
  OperatorNotSentError,
  OperatorRejectedError,
  OperatorUnavailableError,
  OperatorUnknownOutcomeError,
} from "@/lib/gateways/operators/operator-errors";
import { createOrangeMoneyClient, type OrangeMoneyPaymentInput } from "@/lib/gateways/orange-money/orange-money-client";
import { readOrangeMoneyConfig } from "@/lib/gateways/orange-money/orange-money-config";
import { startOrangeMoneyFake, type OrangeMoneyFake } from "./fakes/orange-money-fake";

// The Orange Money client against a local fake of Orange's merchant payment API.

let fake: OrangeMoneyFake;
beforeAll(async () => {
  fake = await startOrangeMoneyFake();
});
afterAll(() => fake.close());

const client = (timeoutMs?: number) => createOrangeMoneyClient(fake.config, { breaker: createOperatorBreaker("orange-money"), timeoutMs });

let counter = 0;
/** A fresh Senegalese customer: E.164 phone and the national MSISDN Orange uses. */
function customer() {
  const national = `77${String(Date.now() % 1e5).padStart(5, "0")}${String(++counter % 100).padStart(2, "0")}`;
  return { phone: `+221${national}`, msisdn: national };
}
function payment(phone: string, otp: string, overrides: Partial<OrangeMoneyPaymentInput> = {}): OrangeMoneyPaymentInput {
  return { reference: `DEP_INV_${Date.now()}_${++counter}`, amountMinor: 1500n, currency: "XOF", phone, otp, ...overrides };
}

describe("Orange Money one-step payment", () => {
  it("gets a token with the client credentials, then pays with the customer's code in Orange's format", async () => {
    const { phone, msisdn } = customer();
    const input = payment(phone, fake.generateOtp(msisdn));
    const before = fake.received.length;
    const status = await client().payWithOtp(input);

    const [token, pay] = fake.received.slice(before);
    expect(token.method).toBe("POST");
    expect(token.path).toBe("/oauth/token");
    expect(token.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(token.body))).toEqual({
      grant_type: "client_credentials",
      client_id: fake.credentials.clientId,
      client_secret: fake.credentials.clientSecret,
    });
    expect(pay.path).toBe("/api/eWallet/v1/payments/onestep");
    expect(pay.headers.authorization).toMatch(/^Bearer [0-9a-f]+$/);
    expect(JSON.parse(pay.body)).toEqual({
      customer: { idType: "MSISDN", id: msisdn, otp: input.otp },
      partner: { idType: "CODE", id: fake.credentials.merchantCode },
      amount: { value: 1500, unit: "XOF" },
      reference: input.reference,
    });
    const tx = [...fake.transactions.values()].find((t) => t.reference === input.reference)!;
    expect(status).toEqual({ state: "succeeded", operatorCode: "SUCCESS", operatorReference: tx.transactionId });
  });

  it("keeps one token for several payments and renews one Orange refuses", async () => {
    const c = client();
    const before = fake.tokenCalls;
    for (let i = 0; i < 3; i++) {
      const { phone, msisdn } = customer();
      await c.payWithOtp(payment(phone, fake.generateOtp(msisdn)));
    }
    expect(fake.tokenCalls - before).toBe(1);
    fake.expireTokens();
    const { phone, msisdn } = customer();
    await expect(c.payWithOtp(payment(phone, fake.generateOtp(msisdn)))).resolves.toMatchObject({ state: "succeeded" });
    expect(fake.tokenCalls - before).toBe(2);
  });

  it("maps the customer's outcomes: declined, insufficient funds, left pending then settled", async () => {
    const c = client();
    for (const [behaviour, expected] of [
      ["decline", { state: "failed", operatorCode: "FAILED", reason: "failed" }],
      ["insufficient_funds", { state: "failed", operatorCode: "FAILED" }],
      ["never_answers", { state: "pending", operatorCode: "PENDING" }],
    ] as const) {
      const { phone, msisdn } = customer();
      fake.script(msisdn, behaviour);
      await expect(c.payWithOtp(payment(phone, fake.generateOtp(msisdn))), behaviour).resolves.toMatchObject(expected);
    }
    const { phone, msisdn } = customer();
    fake.script(msisdn, "never_answers");
    const pending = await c.payWithOtp(payment(phone, fake.generateOtp(msisdn)));
    await expect(c.transactionStatus(pending.operatorReference!)).resolves.toMatchObject({ state: "pending" });
    fake.settle(pending.operatorReference!, "SUCCESS");
    await expect(c.transactionStatus(pending.operatorReference!)).resolves.toEqual({
      state: "succeeded",
      operatorCode: "SUCCESS",
      operatorReference: pending.operatorReference,
    });
  });

  it("a wrong or reused code is Orange's refusal, and nothing is debited", async () => {
    const c = client();
    const { phone, msisdn } = customer();
    const code = fake.generateOtp(msisdn);
    const wrong = code === "000000" ? "111111" : "000000";
    const refused = await c.payWithOtp(payment(phone, wrong)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OperatorRejectedError);
    expect(refused).toMatchObject({ httpStatus: 400, operatorCode: "2041" });
    // The right code still works once, then not again.
    await expect(c.payWithOtp(payment(phone, code))).resolves.toMatchObject({ state: "succeeded" });
    await expect(c.payWithOtp(payment(phone, code))).rejects.toBeInstanceOf(OperatorRejectedError);
    expect([...fake.transactions.values()].filter((t) => t.customer === msisdn)).toHaveLength(1);
  });

  it("a timeout is an unknown outcome (never resent), resolved by finding the transaction by our reference", async () => {
    const { phone, msisdn } = customer();
    const input = payment(phone, fake.generateOtp(msisdn));
    const c = client(250);
    const warm = customer();
    await c.payWithOtp(payment(warm.phone, fake.generateOtp(warm.msisdn))); // a token first, so the fault hits the payment
    const sent = fake.received.filter((r) => r.path.endsWith("/onestep")).length;
    fake.failNext({ delayMs: 700, process: true });
    const error = await c.payWithOtp(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperatorUnknownOutcomeError);
    expect(error).toMatchObject({ reason: "timeout" });
    expect(fake.received.filter((r) => r.path.endsWith("/onestep")).length).toBe(sent + 1);
    await expect.poll(() => [...fake.transactions.values()].some((t) => t.reference === input.reference), { timeout: 5_000 }).toBe(true);
    await expect(client().findByReference(input.reference)).resolves.toMatchObject({ state: "succeeded", amountMinor: 1500n, currency: "XOF" });
    await expect(client().findByReference("DEP_INV_NEVER_SENT")).resolves.toBeNull();
  });

  it("HTTP 500 is an unknown outcome; bad input is refused before sending; secrets never show", async () => {
    const { phone, msisdn } = customer();
    await client().payWithOtp(payment(phone, fake.generateOtp(msisdn))); // a token, so the fault hits the payment
    fake.failNext({ status: 500 });
    await expect(client().payWithOtp(payment(phone, fake.generateOtp(msisdn)))).rejects.toMatchObject({ kind: "unknown_outcome", httpStatus: 500 });

    const before = fake.received.length;
    await expect(client().payWithOtp(payment("+33612345678", "123456"))).rejects.toBeInstanceOf(OperatorNotSentError);
    await expect(client().payWithOtp(payment(phone, "12ab"))).rejects.toMatchObject({ reason: "invalid_request" });
    await expect(client().payWithOtp(payment(phone, "123456", { amountMinor: 2n ** 60n }))).rejects.toMatchObject({ reason: "invalid_request" });
    await expect(client().transactionStatus("../../oauth/token")).rejects.toMatchObject({ reason: "invalid_request" });
    expect(fake.received.length).toBe(before);

    const secret = "wrong-orange-secret-42";
    const error = (await createOrangeMoneyClient({ ...fake.config, clientSecret: secret }, { breaker: createOperatorBreaker("orange-money") })
      .payWithOtp(payment(phone, "123456"))
      .catch((e: unknown) => e)) as Error;
    expect(error).toMatchObject({ kind: "rejected", httpStatus: 401, operatorCode: "invalid_client", operation: "token" });
    expect(`${error.message} ${JSON.stringify(error)} ${error.stack}`).not.toContain(secret);
  });

  it("its circuit opens on repeated timeouts and then answers at once", async () => {
    const breaker = createOperatorBreaker("orange-money", { volumeThreshold: 2, resetTimeoutMs: 5_000 });
    const c = createOrangeMoneyClient(fake.config, { breaker, timeoutMs: 150 });
    fake.failNext({ delayMs: 400 }, 2);
    for (let i = 0; i < 2; i++) await expect(c.transactionStatus("MP1")).rejects.toMatchObject({ reason: "timeout" });
    const started = Date.now();
    const error = await c.transactionStatus("MP1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperatorUnavailableError);
    expect((error as OperatorUnavailableError).retryAfterSeconds).toBeGreaterThanOrEqual(4);
    expect(Date.now() - started).toBeLessThan(100);
  });
});

describe("Orange Money configuration", () => {
  const complete = { ORANGE_MONEY_BASE_URL: "https://api.orange-sonatel.com", ORANGE_MONEY_CLIENT_ID: "id", ORANGE_MONEY_CLIENT_SECRET: "secret" };

  it("needs the credentials and the merchant, by code or MSISDN", () => {
    expect(readOrangeMoneyConfig(complete)).toBeNull();
    expect(readOrangeMoneyConfig({ ...complete, ORANGE_MONEY_MERCHANT_CODE: "553651", ORANGE_MONEY_CLIENT_SECRET: "" })).toBeNull();
    expect(readOrangeMoneyConfig({ ...complete, ORANGE_MONEY_MERCHANT_CODE: "553651" })).toMatchObject({ partner: { idType: "CODE", id: "553651" } });
    expect(readOrangeMoneyConfig({ ...complete, ORANGE_MONEY_MERCHANT_MSISDN: "+770000000" })).toMatchObject({ partner: { idType: "MSISDN", id: "770000000" } });
  });
});
