import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperatorBreaker } from "@/lib/integrations/gateways/operators/circuit-breaker";
import {
  OperatorNotSentError,
  OperatorRejectedError,
  OperatorUnavailableError,
  OperatorUnknownOutcomeError,
} from "@/lib/integrations/gateways/operators/operator-errors";
import { createOrangeMoneyAdapter } from "@/lib/integrations/gateways/orange-money/orange-money-adapter";
import { createOrangeMoneyClient, type OrangeMoneyPaymentInput } from "@/lib/integrations/gateways/orange-money/orange-money-client";
import { readOrangeMoneyCallbackConfig, readOrangeMoneyConfig, type OrangeMoneyConfig } from "@/lib/integrations/gateways/orange-money/orange-money-config";
import { registerOrangeCallback } from "@/lib/integrations/gateways/orange-money/register-orange-callback";
import type { DepositForGateway } from "@/lib/integrations/gateways/adapter";
import { startOrangeMoneyFake, type OrangeMoneyFake, type OrangeMoneyFakeOptions } from "../fakes/orange-money-fake";
import { orangeMoneyFakeEnv } from "../fakes/start-operator-fakes";

// The Orange Money client against a local fake of Orange's merchant payment API (Sonatel OM API,
// tests/fakes/orange-money-fake.ts; its behaviours and their sources: docs/operators.md).

let fake: OrangeMoneyFake;
beforeAll(async () => {
  fake = await startOrangeMoneyFake();
});
afterAll(() => fake.close());

const client = (timeoutMs?: number, config: OrangeMoneyConfig = fake.config) =>
  createOrangeMoneyClient(config, { breaker: createOperatorBreaker("orange-money"), timeoutMs });

/** A fake started with other switches, closed after the test. */
async function withFake<T>(options: OrangeMoneyFakeOptions, run: (other: OrangeMoneyFake) => Promise<T>): Promise<T> {
  const other = await startOrangeMoneyFake(options);
  try {
    return await run(other);
  } finally {
    await other.close();
  }
}

let counter = 0;
/** A fresh Senegalese customer: E.164 phone and the national MSISDN (9 digits) Orange uses. */
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
    // Was /oauth/token: the v1.1.0 specification's path is now the default (docs/operators.md).
    expect(token.path).toBe("/oauth/v1/token");
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

  it("maps the customer's outcomes: declined, insufficient funds (2020), no account (2000), left pending then settled", async () => {
    const c = client();
    for (const [behaviour, expected] of [
      ["decline", { state: "failed", operatorCode: "FAILED", reason: "failed" }],
      // Was a 200 FAILED in the fake: Orange refuses it with its business code 2020 (docs/operators.md).
      ["insufficient_funds", { state: "failed", operatorCode: "2020", reason: "insufficient_funds" }],
      ["no_account", { state: "failed", operatorCode: "2000", reason: "customer_account_not_found" }],
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
    await fake.settle(pending.operatorReference!, "SUCCESS");
    await expect(c.transactionStatus(pending.operatorReference!)).resolves.toEqual({
      state: "succeeded",
      operatorCode: "SUCCESS",
      operatorReference: pending.operatorReference,
    });
  });

  it("a wrong or reused code is Orange's refusal of the code, and nothing is debited", async () => {
    const c = client();
    const { phone, msisdn } = customer();
    const code = fake.generateOtp(msisdn);
    const wrong = code === "000000" ? "111111" : "000000";
    const refused = await c.payWithOtp(payment(phone, wrong)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OperatorRejectedError);
    expect(refused).toMatchObject({ httpStatus: 400, operatorCode: "2041", codeRefused: true });
    // The right code still works once, then not again.
    await expect(c.payWithOtp(payment(phone, code))).resolves.toMatchObject({ state: "succeeded" });
    await expect(c.payWithOtp(payment(phone, code))).rejects.toMatchObject({ codeRefused: true });
    // One debit; the refused codes leave only REJECTED transactions (the fake's default, UNCONFIRMED).
    expect([...fake.transactions.values()].filter((t) => t.customer.id === msisdn).map((t) => t.status)).toEqual(["REJECTED", "SUCCESS", "REJECTED"]);
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

  it("HTTP 500 after recording the payment is an unknown outcome; bad input is refused before sending; secrets never show", async () => {
    const { phone, msisdn } = customer();
    await client().payWithOtp(payment(phone, fake.generateOtp(msisdn))); // a token, so the fault hits the payment
    fake.failNext({ status: 500, process: true });
    const lost = payment(phone, fake.generateOtp(msisdn));
    await expect(client().payWithOtp(lost)).rejects.toMatchObject({ kind: "unknown_outcome", httpStatus: 500 });
    expect([...fake.transactions.values()].find((t) => t.reference === lost.reference)).toMatchObject({ status: "SUCCESS" });

    const before = fake.received.length;
    await expect(client().payWithOtp(payment("+33612345678", "123456"))).rejects.toBeInstanceOf(OperatorNotSentError);
    await expect(client().payWithOtp(payment(phone, "12ab"))).rejects.toMatchObject({ reason: "invalid_request" });
    await expect(client().payWithOtp(payment(phone, "123456", { amountMinor: 2n ** 60n }))).rejects.toMatchObject({ reason: "invalid_request" });
    await expect(client().transactionStatus("../../oauth/token")).rejects.toMatchObject({ reason: "invalid_request" });
    expect(fake.received.length).toBe(before);

    const secret = "wrong-orange-secret-42";
    const error = (await client(undefined, { ...fake.config, clientSecret: secret })
      .payWithOtp(payment(phone, "123456"))
      .catch((e: unknown) => e)) as Error;
    // Orange knows the client but refuses the credentials: unauthorized_client (was invalid_client, the unknown client's answer).
    expect(error).toMatchObject({ kind: "rejected", httpStatus: 401, operatorCode: "unauthorized_client", operation: "token" });
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

describe("Orange Money conformance (issue 26)", () => {
  it("asks for the token at the configured path: /oauth/v1/token by default, /oauth/token when set; the other path is 404", async () => {
    const env = { ORANGE_MONEY_CLIENT_ID: fake.config.clientId, ORANGE_MONEY_CLIENT_SECRET: fake.config.clientSecret, ORANGE_MONEY_MERCHANT_CODE: "553651" };
    await withFake({ tokenPath: "/oauth/token" }, async (older) => {
      const byDefault = readOrangeMoneyConfig({ ...env, ORANGE_MONEY_BASE_URL: fake.url })!;
      expect(byDefault.tokenPath).toBe("/oauth/v1/token");
      const { phone, msisdn } = customer();
      await expect(client(undefined, byDefault).payWithOtp(payment(phone, fake.generateOtp(msisdn)))).resolves.toMatchObject({ state: "succeeded" });

      const configured = readOrangeMoneyConfig({ ...env, ORANGE_MONEY_BASE_URL: older.url, ORANGE_MONEY_TOKEN_PATH: "/oauth/token" })!;
      const other = customer();
      await expect(client(undefined, configured).payWithOtp(payment(other.phone, older.generateOtp(other.msisdn)))).resolves.toMatchObject({ state: "succeeded" });
      expect(older.received.map((r) => r.path)).toEqual(["/oauth/token", "/api/eWallet/v1/payments/onestep"]);

      // The default path against an Orange that serves the older one: a refused token call, no payment sent.
      const wrongPath = await client(undefined, { ...configured, tokenPath: "/oauth/v1/token" })
        .payWithOtp(payment(other.phone, older.generateOtp(other.msisdn)))
        .catch((e: unknown) => e);
      expect(wrongPath).toMatchObject({ kind: "rejected", httpStatus: 404, operation: "token" });
      expect(older.received.filter((r) => r.path.endsWith("/onestep"))).toHaveLength(1);
    });
    expect(readOrangeMoneyConfig({ ...env, ORANGE_MONEY_BASE_URL: fake.url, ORANGE_MONEY_TOKEN_PATH: "https://elsewhere.example/token" })).toBeNull();
  });

  it("sends Content-Type and Accept application/json on every call, GETs included: Orange answers 415 without", async () => {
    const { phone, msisdn } = customer();
    fake.script(msisdn, "never_answers");
    const pending = await client().payWithOtp(payment(phone, fake.generateOtp(msisdn)));
    const before = fake.received.length;
    await expect(client().transactionStatus(pending.operatorReference!)).resolves.toMatchObject({ state: "pending", operatorCode: "PENDING" });
    await expect(client().findByReference(`DEP_INV_${counter}_none`)).resolves.toBeNull();
    const gets = fake.received.slice(before).filter((r) => r.method === "GET");
    expect(gets).toHaveLength(2);
    for (const get of gets) expect([get.headers["content-type"], get.headers.accept]).toEqual(["application/json", "application/json"]);
    // What a GET without it gets from the fake, as from Orange (its switch is on by default).
    const bare = await fetch(`${fake.url}/api/eWallet/v1/transactions?reference=X`, { headers: { authorization: gets[0].headers.authorization! } });
    expect([bare.status, (await bare.json()).code]).toEqual([415, "415"]);
  });

  it("reads a search by reference: a SUCCESS wins over a failed try, then a waiting one, then the latest final; `type` is never sent", async () => {
    const { msisdn } = customer();
    const ref = (name: string) => `DEP_INV_SEARCH_${name}_${++counter}`;
    const amount = { value: 5150, unit: "XOF" };

    const paidAfterRefusal = ref("paid");
    fake.addTransaction({ reference: paidAfterRefusal, amount }, msisdn, "REJECTED");
    fake.addTransaction({ reference: paidAfterRefusal, amount }, msisdn, "SUCCESS");
    // Orange writes amount.value as a float (5150.0): read exactly, in minor units.
    await expect(client().findByReference(paidAfterRefusal)).resolves.toMatchObject({ state: "succeeded", amountMinor: 5150n, currency: "XOF" });

    const stillWaiting = ref("waiting");
    fake.addTransaction({ reference: stillWaiting, amount }, msisdn, "FAILED");
    fake.addTransaction({ reference: stillWaiting, amount }, msisdn, "PENDING");
    await expect(client().findByReference(stillWaiting)).resolves.toMatchObject({ state: "pending", operatorCode: "PENDING" });

    const allFinal = ref("final");
    const first = fake.addTransaction({ reference: allFinal, amount }, msisdn, "FAILED");
    const latest = fake.addTransaction({ reference: allFinal, amount }, msisdn, "CANCELLED");
    first.updatedAt = "2026-01-01T10:00:00.000Z";
    latest.updatedAt = "2026-01-01T10:05:00.000Z";
    await expect(client().findByReference(allFinal)).resolves.toMatchObject({ state: "failed", operatorCode: "CANCELLED", operatorReference: latest.transactionId });
    // After one refused try of ours, its REJECTED is no answer for the later try, whose own
    // transaction Orange does not show yet: pending. A second failure is the later try's.
    const laterTryUnseen = ref("unseen");
    fake.addTransaction({ reference: laterTryUnseen, amount }, msisdn, "REJECTED");
    await expect(client().findByReference(laterTryUnseen, 1)).resolves.toMatchObject({ state: "pending" });
    fake.addTransaction({ reference: laterTryUnseen, amount }, msisdn, "FAILED").updatedAt = "2099-01-01T00:00:00.000Z";
    await expect(client().findByReference(laterTryUnseen, 1)).resolves.toMatchObject({ state: "failed", operatorCode: "FAILED" });

    const searches = fake.received.filter((r) => r.path === "/api/eWallet/v1/transactions");
    expect(searches.length).toBeGreaterThanOrEqual(3);
    for (const search of searches) expect(search.url.searchParams.has("type")).toBe(false);

    // The page-object shape one integration's interface assumes is read the same way.
    await withFake({ searchShape: "wrapped" }, async (wrapped) => {
      wrapped.addTransaction({ reference: paidAfterRefusal, amount }, msisdn, "SUCCESS");
      await expect(client(undefined, wrapped.config).findByReference(paidAfterRefusal)).resolves.toMatchObject({ state: "succeeded", amountMinor: 5150n });
    });
  });

  it("tells a refused code from the rest: the token call, 401/403/404/405/415/429 and 4099 are never the customer's code", async () => {
    const { phone, msisdn } = customer();
    const c = client();
    await c.payWithOtp(payment(phone, fake.generateOtp(msisdn))); // a token, so the faults hit the payment
    for (const status of [401, 403, 404, 405, 415, 429]) {
      fake.failNext({ status }, status === 401 ? 2 : 1); // a 401 is retried once with a new token
      const error = await c.payWithOtp(payment(phone, fake.generateOtp(msisdn))).catch((e: unknown) => e);
      expect(error, String(status)).toMatchObject({ kind: "rejected", httpStatus: status });
      expect((error as { codeRefused?: boolean }).codeRefused, String(status)).toBeFalsy();
    }
    // Bad parameters (4099): our request, not the customer's code. The fake wants 9-digit MSISDNs.
    const badParameters = await c.payWithOtp(payment("+22177123456", "123456")).catch((e: unknown) => e);
    expect(badParameters).toMatchObject({ kind: "rejected", httpStatus: 400, operatorCode: "4099" });
    expect((badParameters as { codeRefused?: boolean }).codeRefused).toBeFalsy();
    expect([...fake.transactions.values()].filter((t) => t.customer.id === msisdn)).toHaveLength(1);

    // No source confirms the code Orange gives a wrong code: any other 400 problem+json from onestep is one.
    await withFake({ otpErrorCode: "24" }, async (other) => {
      const refused = await client(undefined, other.config).payWithOtp(payment(phone, "000000")).catch((e: unknown) => e);
      expect(refused).toMatchObject({ httpStatus: 400, operatorCode: "24", codeRefused: true });
    });
  });

  it("through the adapter: only a refused code is a wrong try; Orange's other refusals throw (502 to the merchant, no try spent)", async () => {
    const adapter = createOrangeMoneyAdapter(client());
    const { phone, msisdn } = customer();
    const deposit = (reference: string) =>
      ({ reference, environment: "live", amountMinor: 1500n, feesMinor: 0n, currency: "XOF", customerPhone: phone, createdAt: new Date() }) as DepositForGateway;
    await expect(adapter.verifyOtp(deposit(`DEP_INV_A_${++counter}`), "000000")).resolves.toEqual({ status: "wrong_code" });
    fake.script(msisdn, "insufficient_funds");
    await expect(adapter.verifyOtp(deposit(`DEP_INV_B_${++counter}`), fake.generateOtp(msisdn))).resolves.toMatchObject({
      status: "failed",
      reason: "insufficient_funds",
    });
    const badCredentials = createOrangeMoneyAdapter(client(undefined, { ...fake.config, clientId: "someone-else" }));
    await expect(badCredentials.verifyOtp(deposit(`DEP_INV_C_${++counter}`), "123456")).rejects.toMatchObject({ operation: "token", operatorCode: "invalid_client" });
  });
});

describe("Orange Money callback registration (npm run orange-money:register-callback)", () => {
  it("registers our URL for the merchant code with our apiKey, then lists what Orange holds without the apiKey", async () => {
    const apiKey = "registered-api-key-5b1f0c9e7d";
    const callbackUrl = "https://pay.example/api/operators/orange-money/callback";
    await withFake({}, async (orange) => {
      const env = { ...orangeMoneyFakeEnv(orange), ORANGE_MONEY_CALLBACK_API_KEY: apiKey };
      const result = await registerOrangeCallback({ callbackUrl, name: "Shop" }, env);
      expect(orange.registrations).toEqual([expect.objectContaining({ apiKey, code: orange.credentials.merchantCode, name: "Shop", callbackUrl })]);
      expect(result).toEqual({ code: orange.credentials.merchantCode, registered: [{ name: "Shop", callbackUrl, createdAt: expect.any(String) }] });
      expect(JSON.stringify(result)).not.toContain(apiKey);
      // The list is a GET: without Content-Type it would be Orange's 415.
      expect(orange.received.filter((r) => r.path === "/api/notification/v1/merchantcallback").map((r) => [r.method, r.headers["content-type"]])).toEqual([
        ["POST", "application/json"],
        ["GET", "application/json"],
      ]);

      await expect(registerOrangeCallback({ callbackUrl: "http://pay.example/cb", name: "Shop" }, env)).rejects.toThrow(/HTTPS/);
      await expect(registerOrangeCallback({ callbackUrl, name: "Shop" }, { ...env, ORANGE_MONEY_CALLBACK_API_KEY: "" })).rejects.toThrow(/ORANGE_MONEY_CALLBACK_API_KEY/);
      expect(orange.registrations).toHaveLength(1);
    });
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

  it("reads the callback's apiKey and optional signing secret", () => {
    expect(readOrangeMoneyCallbackConfig({})).toBeNull();
    expect(readOrangeMoneyCallbackConfig({ ORANGE_MONEY_CALLBACK_API_KEY: "k" })).toEqual({ apiKey: "k", signingSecret: null });
    expect(readOrangeMoneyCallbackConfig({ ORANGE_MONEY_CALLBACK_API_KEY: "k", ORANGE_MONEY_CALLBACK_SIGNING_SECRET: "s" })).toEqual({ apiKey: "k", signingSecret: "s" });
  });
});
