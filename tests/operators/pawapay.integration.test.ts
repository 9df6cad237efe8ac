import { generateKeyPairSync, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DepositForGateway, MoneyOutForGateway, RefundForGateway } from "@/lib/integrations/gateways/adapter";
import { createOperatorBreaker } from "@/lib/integrations/gateways/operators/circuit-breaker";
import { OperatorRejectedError, OperatorUnknownOutcomeError } from "@/lib/integrations/gateways/operators/operator-errors";
import { createPawapayAdapter, PAWAPAY_NOT_FOUND_CONFIRM_MS, PAWAPAY_NOT_FOUND_GRACE_MS } from "@/lib/integrations/gateways/pawapay/pawapay-adapter";
import { gatewayAvailability } from "@/lib/integrations/gateways/pawapay/pawapay-availability";
import { readPawapayCallback } from "@/lib/integrations/gateways/pawapay/pawapay-callback";
import { createPawapayClient } from "@/lib/integrations/gateways/pawapay/pawapay-client";
import { createPawapayPayouts, createPawapayRefunds } from "@/lib/integrations/gateways/pawapay/pawapay-money-out";
import { sendJson, startFakeServer, type FakeServer, type Recorded } from "../fakes/fake-http";
import { pawapaySignedHeaders, startPawapayFake, type PawapayFake } from "../fakes/pawapay-fake";

// The pawaPay client and adapters against a fake that plays pawaPay v2 as its pages describe it
// (tests/fakes/pawapay-fake.ts, docs/operators-pawapay.md): every case ends with exactly one
// pawaPay record per request id, whatever was lost on the way.

let fake: PawapayFake;
let receiver: FakeServer;
const CALLBACK_PATH = "/api/operators/pawapay/callback";

beforeAll(async () => {
  fake = await startPawapayFake();
  receiver = await startFakeServer((_request, res) => sendJson(res, 200));
  fake.sendCallbacksTo(`${receiver.url}${CALLBACK_PATH}`);
});
afterAll(async () => {
  await fake.close();
  await receiver.close();
});

// Each test has its own circuit, so one test's faults never open another's.
const client = (options: { timeoutMs?: number; apiToken?: string } = {}) =>
  createPawapayClient({ ...fake.config, ...(options.apiToken ? { apiToken: options.apiToken } : {}) }, { breaker: createOperatorBreaker("pawapay"), timeoutMs: options.timeoutMs });

let phoneCounter = 0;
/** A fresh Beninese customer: E.164 for us, digits for pawaPay. */
function customer(prefix = "22951") {
  const digits = `${prefix}${String(Date.now() % 1e4).padStart(4, "0")}${String(++phoneCounter).padStart(2, "0")}`;
  return { phone: `+${digits}`, digits };
}

function deposit(phone: string, overrides: Partial<DepositForGateway> = {}): DepositForGateway {
  return {
    reference: `DEP_${randomUUID().slice(0, 8)}`,
    environment: "live",
    paymentType: "DIRECT",
    gatewayName: "MOOV_MONEY_BJ",
    amountMinor: 5000n,
    feesMinor: 150n,
    currency: "XOF",
    customerPhone: phone,
    createdAt: new Date(),
    otpHash: null,
    operatorRequestId: randomUUID(),
    ...overrides,
  };
}

function moneyOut(phone: string, overrides: Partial<MoneyOutForGateway> = {}): MoneyOutForGateway {
  return { reference: `TRF_${randomUUID().slice(0, 8)}`, operatorRequestId: randomUUID(), amountMinor: 3000n, currency: "XOF", phone, createdAt: new Date(), operatorSentAt: null, ...overrides };
}

const recordsFor = (digits: string) => [...fake.records.values()].filter((r) => r.phoneNumber === digits);
const posts = (path: string, id: string) => fake.received.filter((r) => r.method === "POST" && r.path === path && r.body.includes(id));

async function completedDeposit(digits: string, phone: string) {
  fake.script(digits, { customer: "approve" });
  const payment = deposit(phone);
  await createPawapayAdapter(client()).initiate(payment, { origin: "https://pay.test" });
  await fake.settle();
  return payment;
}

describe("pawaPay deposits", () => {
  it("sends pawaPay's documented request and completes by the status read, with pawaPay's figures", async () => {
    const { phone, digits } = customer();
    fake.script(digits, { customer: "never_answers" });
    const payment = deposit(phone);
    const adapter = createPawapayAdapter(client());
    await expect(adapter.initiate(payment, { origin: "https://pay.test" })).resolves.toEqual({});

    const [request] = posts("/v2/deposits", payment.operatorRequestId!);
    expect(request.headers.authorization).toBe(`Bearer ${fake.config.apiToken}`);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual({
      depositId: payment.operatorRequestId,
      amount: "5150",
      currency: "XOF",
      payer: { type: "MMO", accountDetails: { phoneNumber: digits, provider: "MOOV_BEN" } },
      clientReferenceId: payment.reference,
    });
    expect(await adapter.status(payment, new Date())).toEqual({ status: "pending", said: "SUBMITTED" });

    const record = fake.records.get(payment.operatorRequestId!)!;
    Object.assign(record, { status: "COMPLETED", providerTransactionId: "PTX1" });
    expect(await adapter.status(payment, new Date())).toEqual({ status: "completed", amountMinor: 5150n, currency: "XOF", said: "COMPLETED", operatorReference: "PTX1" });
  });

  it("the client keeps to pawaPay's field rules: a customer message of 4 to 22 of [a-zA-Z0-9 ], a clientReferenceId of at most 36", async () => {
    const { phone } = customer();
    const id = randomUUID();
    await client().initiateDeposit({ id, amountMinor: 100n, currency: "XOF", phone, provider: "MOOV_BEN", customerMessage: "Order #42 at Acme's shop, thanks", clientReferenceId: "R".repeat(37) });
    const body = JSON.parse(posts("/v2/deposits", id)[0].body);
    expect(body.customerMessage).toBe("Order 42 at Acme s sho");
    expect(body).not.toHaveProperty("clientReferenceId");
    const short = randomUUID();
    await client().initiateDeposit({ id: short, amountMinor: 100n, currency: "XOF", phone, provider: "MOOV_BEN", customerMessage: "ok!", clientReferenceId: "R".repeat(36) });
    expect(JSON.parse(posts("/v2/deposits", short)[0].body)).toMatchObject({ clientReferenceId: "R".repeat(36) });
    expect(JSON.parse(posts("/v2/deposits", short)[0].body)).not.toHaveProperty("customerMessage");
  });

  it("a resend under the same depositId is DUPLICATE_IGNORED: still one pawaPay deposit, its status read", async () => {
    const { phone, digits } = customer();
    const payment = await completedDeposit(digits, phone);
    const pawapay = client();
    await expect(pawapay.initiateDeposit({ id: payment.operatorRequestId!, amountMinor: 5150n, currency: "XOF", phone, provider: "MOOV_BEN" })).resolves.toEqual({ duplicate: true });
    // Through the adapter: pawaPay's "I already have it" is no error; the status read tells the rest.
    await expect(createPawapayAdapter(pawapay).initiate(payment, { origin: "https://pay.test" })).resolves.toEqual({});
    expect(posts("/v2/deposits", payment.operatorRequestId!)).toHaveLength(3);
    expect(recordsFor(digits)).toHaveLength(1);
    expect(await createPawapayAdapter(pawapay).status(payment, new Date())).toMatchObject({ status: "completed", amountMinor: 5150n });
  });

  it("a resumed initiation asks pawaPay first: what it holds is never sent again, so a refusal now (provider CLOSED) cannot fail it", async () => {
    const { phone, digits } = customer();
    const payment = await completedDeposit(digits, phone);
    const pawapay = client();
    fake.setAvailability("MOOV_BEN", "DEPOSIT", "CLOSED");
    try {
      await expect(createPawapayAdapter(pawapay).initiate(payment, { origin: "https://pay.test", resumed: true })).resolves.toEqual({});
      // Not held by pawaPay: sent, and pawaPay's refusal is the answer.
      const fresh = deposit(phone);
      await expect(createPawapayAdapter(pawapay).initiate(fresh, { origin: "https://pay.test", resumed: true })).rejects.toMatchObject({ operatorCode: "PROVIDER_TEMPORARILY_UNAVAILABLE" });
    } finally {
      fake.setAvailability("MOOV_BEN", "DEPOSIT", "OPERATIONAL");
    }
    expect(posts("/v2/deposits", payment.operatorRequestId!)).toHaveLength(1);
    expect(recordsFor(digits)).toHaveLength(1);
  });

  it("a 5xx after pawaPay recorded it: the same depositId again settles it (DUPLICATE_IGNORED), one deposit", async () => {
    const { phone, digits } = customer();
    const payment = deposit(phone);
    fake.failNext({ process: true, status: 500, when: (r: Recorded) => r.path === "/v2/deposits" });
    await expect(createPawapayAdapter(client()).initiate(payment, { origin: "https://pay.test" })).resolves.toEqual({});
    expect(posts("/v2/deposits", payment.operatorRequestId!)).toHaveLength(2);
    expect(recordsFor(digits)).toHaveLength(1);
  });

  it("5xx without recording, twice: the outcome stays unknown; NOT_FOUND is pending until past the grace, then fails on a second read, still followed", async () => {
    const { phone, digits } = customer();
    const payment = deposit(phone);
    fake.failNext({ status: 500, when: (r: Recorded) => r.path === "/v2/deposits" }, 2);
    const adapter = createPawapayAdapter(client());
    const error = await adapter.initiate(payment, { origin: "https://pay.test" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperatorUnknownOutcomeError);
    expect(error).toMatchObject({ reason: "server_error", httpStatus: 500 });
    expect(recordsFor(digits)).toHaveLength(0);

    const at = (ms: number) => new Date(payment.createdAt.getTime() + ms);
    expect(await adapter.status(payment, at(60_000))).toEqual({ status: "pending", said: "NOT_FOUND (not shown yet)" });
    expect(await adapter.status(payment, at(PAWAPAY_NOT_FOUND_GRACE_MS))).toMatchObject({ status: "pending", noRecord: true });
    const noted = { ...payment, operatorNotFoundAt: at(PAWAPAY_NOT_FOUND_GRACE_MS) };
    expect(await adapter.status(noted, at(PAWAPAY_NOT_FOUND_GRACE_MS + PAWAPAY_NOT_FOUND_CONFIRM_MS))).toEqual({
      status: "failed",
      reason: "operator_not_received",
      said: "NOT_FOUND",
      noRecord: true,
    });
  });

  it("an answer lost to our timeout after pawaPay acted: unknown, then the status read finds the one deposit", async () => {
    const { phone, digits } = customer();
    fake.script(digits, { customer: "never_answers" });
    const payment = deposit(phone);
    fake.failNext({ process: true, holdAnswerMs: 600, when: (r: Recorded) => r.path === "/v2/deposits" });
    const adapter = createPawapayAdapter(client({ timeoutMs: 300 }));
    await expect(adapter.initiate(payment, { origin: "https://pay.test" })).rejects.toMatchObject({ reason: "timeout" });
    expect(await adapter.status(payment, new Date())).toEqual({ status: "pending", said: "SUBMITTED" });
    expect(recordsFor(digits)).toHaveLength(1);
  });

  it("REJECTED with pawaPay's failure code is a refusal: nothing recorded", async () => {
    const { phone, digits } = customer();
    fake.script(digits, { reject: "AMOUNT_OUT_OF_BOUNDS" });
    const adapter = createPawapayAdapter(client());
    await expect(adapter.initiate(deposit(phone), { origin: "https://pay.test" })).rejects.toMatchObject({
      name: "OperatorRejectedError",
      operatorCode: "AMOUNT_OUT_OF_BOUNDS",
    });
    // Another currency than the provider's: pawaPay's own check.
    const other = customer();
    await expect(adapter.initiate(deposit(other.phone, { currency: "XAF" }), { origin: "https://pay.test" })).rejects.toMatchObject({ operatorCode: "INVALID_CURRENCY" });
    expect([...recordsFor(digits), ...recordsFor(other.digits)]).toHaveLength(0);
  });

  it("the customer's refusal fails the deposit with pawaPay's code in our words; a wrong token is refused before anything", async () => {
    const { phone, digits } = customer();
    fake.script(digits, { customer: "decline", callback: "none" });
    const payment = deposit(phone);
    const adapter = createPawapayAdapter(client());
    await adapter.initiate(payment, { origin: "https://pay.test" });
    await fake.settle();
    expect(await adapter.status(payment, new Date())).toMatchObject({ status: "failed", reason: "declined_by_customer", said: "FAILED PAYMENT_NOT_APPROVED" });

    const denied = await client({ apiToken: "stolen" }).getDeposit(payment.operatorRequestId!).catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(OperatorRejectedError);
    expect(denied).toMatchObject({ httpStatus: 403, operatorCode: "AUTHENTICATION_ERROR" });
  });

  it("a status read that lags: NOT_FOUND after ACCEPTED stays pending, then the deposit shows", async () => {
    const { phone, digits } = customer();
    fake.script(digits, { shownAfterMs: Infinity, callback: "none" });
    const payment = deposit(phone);
    const adapter = createPawapayAdapter(client());
    await adapter.initiate(payment, { origin: "https://pay.test" });
    await fake.settle();
    expect(await adapter.status(payment, new Date())).toEqual({ status: "pending", said: "NOT_FOUND (not shown yet)" });
    fake.show(payment.operatorRequestId!);
    expect(await adapter.status(payment, new Date())).toMatchObject({ status: "completed", amountMinor: 5150n });
    // The callback never came: the status read alone settled it.
    expect(fake.callbacks.filter((c) => c.id === payment.operatorRequestId)).toHaveLength(0);
  });
});

describe("pawaPay payouts", () => {
  it("while the provider is DELAYED the payout waits ENQUEUED (pending), then completes once the provider is back", async () => {
    const { phone, digits } = customer("22177");
    fake.setAvailability("FREE_SEN", "PAYOUT", "DELAYED");
    const payouts = createPawapayPayouts(client(), "FREE_MONEY_SN");
    const transfer = moneyOut(phone);
    await expect(payouts.send(transfer)).resolves.toEqual({});
    const [request] = posts("/v2/payouts", transfer.operatorRequestId!);
    expect(JSON.parse(request.body)).toMatchObject({
      payoutId: transfer.operatorRequestId,
      amount: "3000",
      currency: "XOF",
      recipient: { type: "MMO", accountDetails: { phoneNumber: digits, provider: "FREE_SEN" } },
    });
    expect(await payouts.status(transfer)).toEqual({ status: "pending", said: "ENQUEUED" });
    // Sent again meanwhile (a crash, a retry): the same payout.
    await payouts.send(transfer);
    expect(recordsFor(digits)).toHaveLength(1);

    fake.setAvailability("FREE_SEN", "PAYOUT", "OPERATIONAL");
    await fake.settle();
    expect(await payouts.status(transfer)).toMatchObject({ status: "completed", amountMinor: 3000n, currency: "XOF" });
  });

  it("CLOSED refuses it (PROVIDER_TEMPORARILY_UNAVAILABLE); a payout pawaPay never had is not_found; a missing recipient fails", async () => {
    const { phone, digits } = customer("22177");
    fake.setAvailability("FREE_SEN", "PAYOUT", "CLOSED");
    const payouts = createPawapayPayouts(client(), "FREE_MONEY_SN");
    await expect(payouts.send(moneyOut(phone))).rejects.toMatchObject({ operatorCode: "PROVIDER_TEMPORARILY_UNAVAILABLE" });
    fake.setAvailability("FREE_SEN", "PAYOUT", "OPERATIONAL");
    expect(await payouts.status(moneyOut(phone))).toBe("not_found");

    fake.script(digits, { customer: "payer_not_found" });
    const transfer = moneyOut(phone);
    await payouts.send(transfer);
    await fake.settle();
    expect(await payouts.status(transfer)).toMatchObject({ status: "failed", reason: "recipient_not_found" });
  });
});

describe("pawaPay refunds", () => {
  function refundOf(payment: DepositForGateway, amountMinor: bigint, whole = false): RefundForGateway {
    return {
      ...moneyOut(payment.customerPhone, { amountMinor }),
      payment: { reference: payment.reference, gatewayName: payment.gatewayName, operatorRequestId: payment.operatorRequestId!, operatorReference: null, chargedMinor: 5150n },
      whole,
      method: "operator_refund",
    };
  }

  it("names the deposit and its amount; completes; more than what is left is refused; a resend is the same refund", async () => {
    const { phone, digits } = customer();
    const payment = await completedDeposit(digits, phone);
    const refunds = createPawapayRefunds(client());
    const part = refundOf(payment, 2000n);
    await refunds.send(part);
    expect(JSON.parse(posts("/v2/refunds", part.operatorRequestId!)[0].body)).toEqual({
      refundId: part.operatorRequestId,
      depositId: payment.operatorRequestId,
      amount: "2000",
      currency: "XOF",
      clientReferenceId: part.reference,
    });
    await fake.settle();
    expect(await refunds.status(part)).toMatchObject({ status: "completed", amountMinor: 2000n });
    await refunds.send(part);
    expect([...fake.records.values()].filter((r) => r.kind === "refund" && r.depositId === payment.operatorRequestId)).toHaveLength(1);

    await expect(refunds.send(refundOf(payment, 3151n))).rejects.toMatchObject({ operatorCode: "AMOUNT_TOO_LARGE" });
    const rest = refundOf(payment, 3150n);
    await refunds.send(rest);
    await fake.settle();
    expect(await refunds.status(rest)).toMatchObject({ status: "completed", amountMinor: 3150n });
    await expect(refunds.send(refundOf(payment, 1n))).rejects.toMatchObject({ operatorCode: "DEPOSIT_ALREADY_REFUNDED" });
  });

  it("a deposit that did not complete cannot be refunded (INVALID_STATE)", async () => {
    const { phone, digits } = customer();
    fake.script(digits, { customer: "never_answers" });
    const payment = deposit(phone);
    await createPawapayAdapter(client()).initiate(payment, { origin: "https://pay.test" });
    await expect(createPawapayRefunds(client()).send(refundOf(payment, 1000n))).rejects.toMatchObject({ operatorCode: "INVALID_STATE" });
  });
});

describe("pawaPay's signed callbacks", () => {
  /** The callbacks the receiver got for one id, as our route would see them. */
  function received(id: string) {
    return receiver.received
      .filter((r) => r.body.includes(id))
      .map((r) => ({
        method: r.method,
        url: new URL(r.path, receiver.url),
        headers: new Headers(Object.entries(r.headers).flatMap(([k, v]) => (typeof v === "string" ? [[k, v] as [string, string]] : []))),
        body: r.body,
      }));
  }

  async function signedCallback() {
    const { phone, digits } = customer();
    const payment = await completedDeposit(digits, phone);
    const [callback] = received(payment.operatorRequestId!);
    return { payment, callback };
  }

  it("accepts the fake's signed callback and takes only its id (the route then reads the status)", async () => {
    const { payment, callback } = await signedCallback();
    expect(callback.headers.get("signature-input")).toMatch(/^sig-pp=\("@method" "@authority" "@path" "signature-date" "content-digest" "content-type"\);alg="ecdsa-p256-sha256"/);
    expect(readPawapayCallback(callback, fake.config.callbackKeys)).toEqual({ accepted: true, kind: "deposit", id: payment.operatorRequestId });
    // The key as pawaPay's public-key endpoint gives it verifies it too.
    const keys = (await client().publicKeys()).map(({ id, key }) => ({ keyId: id, pem: key }));
    expect(readPawapayCallback(callback, keys)).toMatchObject({ accepted: true });
  });

  it("refuses it altered (body, digest), unsigned, signed by another key, for another path, or with no key configured", async () => {
    const { callback } = await signedCallback();
    const keys = fake.config.callbackKeys;
    const altered = callback.body.replace('"COMPLETED"', '"FAILED"');
    expect(readPawapayCallback({ ...callback, body: altered }, keys)).toEqual({ accepted: false, reason: "digest_mismatch" });

    // The body and a matching digest changed, the signature kept: the signature no longer covers it.
    const redigested = new Headers(callback.headers);
    redigested.set("content-digest", pawapaySignedHeaders(callback.url, altered, fake.keys.privateKey)["content-digest"]);
    expect(readPawapayCallback({ ...callback, body: altered, headers: redigested }, keys)).toEqual({ accepted: false, reason: "mismatch" });

    // The body as signed, its digest header wrong.
    const wrongDigest = new Headers(callback.headers);
    wrongDigest.set("content-digest", `sha-512=:${Buffer.alloc(64).toString("base64")}:`);
    expect(readPawapayCallback({ ...callback, headers: wrongDigest }, keys)).toEqual({ accepted: false, reason: "digest_mismatch" });

    const unsigned = new Headers(callback.headers);
    unsigned.delete("signature");
    unsigned.delete("signature-input");
    expect(readPawapayCallback({ ...callback, headers: unsigned }, keys)).toEqual({ accepted: false, reason: "missing" });

    const attacker = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
    const forged = new Headers(pawapaySignedHeaders(callback.url, altered, attacker.privateKey));
    expect(readPawapayCallback({ ...callback, body: altered, headers: forged }, keys)).toEqual({ accepted: false, reason: "mismatch" });

    expect(readPawapayCallback({ ...callback, url: new URL("/elsewhere", callback.url) }, keys)).toEqual({ accepted: false, reason: "mismatch" });
    expect(readPawapayCallback(callback, [])).toEqual({ accepted: false, reason: "no_key" });
    // Replayed long after: refused (a replay could only prompt a status read anyway).
    expect(readPawapayCallback(callback, keys, new Date(Date.now() + 3600_000))).toEqual({ accepted: false, reason: "expired" });
  });

  it("accepts a DER-encoded ECDSA signature (what pawaPay's own Node sample makes)", async () => {
    fake.settings.dsaEncoding = "der";
    try {
      const { payment, callback } = await signedCallback();
      expect(readPawapayCallback(callback, fake.config.callbackKeys)).toEqual({ accepted: true, kind: "deposit", id: payment.operatorRequestId });
    } finally {
      fake.settings.dsaEncoding = "ieee-p1363";
    }
  });
});

describe("pawaPay's availability", () => {
  it("maps each provider's status per operation to our gateways; a provider we do not list is left out", async () => {
    fake.setAvailability("MOOV_BEN", "DEPOSIT", "CLOSED");
    fake.setAvailability("FREE_SEN", "PAYOUT", "DELAYED");
    try {
      const entries = await client().availability();
      expect(entries).toContainEqual({ country: "BEN", provider: "MOOV_BEN", operationType: "DEPOSIT", status: "CLOSED" });
      const deposits = gatewayAvailability(entries, "DEPOSIT");
      expect(deposits.get("MOOV_MONEY_BJ")).toBe("closed");
      expect(deposits.get("MTN_MOMO_BJ")).toBe("operational");
      expect(deposits.get("FREE_MONEY_SN")).toBe("operational");
      expect(gatewayAvailability(entries, "PAYOUT").get("FREE_MONEY_SN")).toBe("delayed");
      expect(deposits.has("TMONEY_TG")).toBe(false);

      const benin = await client().availability({ country: "BEN", operationType: "DEPOSIT" });
      expect(new Set(benin.map((e) => `${e.country}:${e.operationType}`))).toEqual(new Set(["BEN:DEPOSIT"]));
      // A deposit to a CLOSED provider is refused by pawaPay.
      const { phone } = customer();
      await expect(createPawapayAdapter(client()).initiate(deposit(phone), { origin: "https://pay.test" })).rejects.toMatchObject({
        operatorCode: "PROVIDER_TEMPORARILY_UNAVAILABLE",
      });
    } finally {
      fake.setAvailability("MOOV_BEN", "DEPOSIT", "OPERATIONAL");
      fake.setAvailability("FREE_SEN", "PAYOUT", "OPERATIONAL");
    }
  });
});
