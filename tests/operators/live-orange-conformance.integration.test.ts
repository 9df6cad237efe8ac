import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { runDueWork } from "@/lib/features/jobs/run-due-work";
import { createOperatorBreaker } from "@/lib/integrations/gateways/operators/circuit-breaker";
import { createOrangeMoneyClient } from "@/lib/integrations/gateways/orange-money/orange-money-client";
import { call } from "../helpers/api-client";
import { startAppServer, type RunningServer } from "../helpers/app-server";
import { merchantCheckedAfterEach } from "../helpers/reconciled";
import { orangeMoneyFakeEnv } from "../fakes/start-operator-fakes";
import { orangeCallbackSignature, startOrangeMoneyFake, type OrangeCustomer, type OrangeMoneyFake } from "../fakes/orange-money-fake";

// Issue 26: live Orange Money deposits (ORANGE_MONEY_SN) against a fake that models Orange as its
// integrators observed it (docs/operators.md): an invoice is never debited twice; only a code
// Orange refuses costs the customer a try; Orange's merchant callback reaches
// /api/operators/orange-money/callback, authenticated, and only makes us read the status.

const CALLBACK_API_KEY = "orange-callback-api-key-0123456789";
const SIGNING_SECRET = "orange-endpoint-secret-42";

let fake: OrangeMoneyFake;
let app: RunningServer;
const saved = { ...process.env };

beforeAll(async () => {
  // A refused code leaves a REJECTED transaction under the reference (a switch: UNCONFIRMED), so
  // the search by reference meets a failed try before the paid one.
  fake = await startOrangeMoneyFake({ refusedCodesRecorded: true });
  app = await startAppServer();
  for (const name of Object.keys(process.env)) if (name.startsWith("MTN_MOMO_") || name.startsWith("WAVE_")) delete process.env[name];
  Object.assign(process.env, orangeMoneyFakeEnv(fake), { OPERATOR_TIMEOUT_MS: "400", ORANGE_MONEY_CALLBACK_API_KEY: CALLBACK_API_KEY });
  // Orange notifies the payments of the merchant code at the URL registered with our apiKey.
  await createOrangeMoneyClient(fake.config, { breaker: createOperatorBreaker("orange-money") }).registerCallback({
    apiKey: CALLBACK_API_KEY,
    code: fake.credentials.merchantCode,
    name: "Conformance shop",
    callbackUrl: `${app.origin}/api/operators/orange-money/callback`,
  });
});
afterAll(async () => {
  process.env = saved;
  await fake.close();
  await app.close();
});

const merchant = merchantCheckedAfterEach();

let phones = 0;
function customer(behaviour: OrangeCustomer = "approve") {
  const msisdn = `78${String(Date.now() % 1e5).padStart(5, "0")}${String(++phones % 100).padStart(2, "0")}`;
  fake.script(msisdn, behaviour);
  return { msisdn, phone: `+221${msisdn}` };
}
const invoice = async (customerPhone: string) => {
  const res = await call("POST", "/api/v4/validation/deposit/generate-invoice", {
    key: merchant().liveKey,
    body: { amount: 5000, currency: "XOF", customerPhone, country: "SN", gatewayName: "ORANGE_MONEY_SN", callbackUrl: "https://hooks.invalid/deposits" },
  });
  expect(res.status).toBe(200);
  return res.body.reference as string;
};
const confirm = (trxReference: string, otp: string) =>
  call("POST", "/api/v4/validation/deposit/confirm", { key: merchant().liveKey, body: { trxReference, otp } });
const row = (reference: string) => db().deposit.findUniqueOrThrow({ where: { reference } });
const events = (reference: string) => db().webhookEvent.findMany({ where: { reference }, orderBy: { id: "asc" } });
const oneStepCalls = () => fake.received.filter((r) => r.path === "/api/eWallet/v1/payments/onestep").length;
const paid = (reference: string) => [...fake.transactions.values()].filter((t) => t.reference === reference && t.status === "SUCCESS");

/** Orange's notification of a transaction, as the fake sends it (apiKey, optional signature). */
function orangeNotification(body: unknown, options: { apiKey?: string | null; secret?: string } = {}) {
  const text = JSON.stringify(body);
  const headers: Record<string, string> = { "content-type": "application/json", "x-sonatel-idempotency-key": crypto.randomUUID() };
  if (options.apiKey !== null) headers.authorization = `Basic ${options.apiKey ?? CALLBACK_API_KEY}`;
  if (options.secret) headers["x-sonatel-signature"] = orangeCallbackSignature(options.secret, Math.floor(Date.now() / 1000), text);
  return call("POST", "/api/operators/orange-money/callback", { rawBody: text, headers });
}

describe("an Orange invoice is never debited twice", () => {
  it("two concurrent confirmations: exactly one reaches Orange, the other is told a payment is being processed (409/40020)", async () => {
    const { msisdn, phone } = customer("approve");
    const reference = await invoice(phone);
    const code = fake.generateOtp(msisdn);
    const before = oneStepCalls();
    // Orange takes its time with the first (faults never hit token calls): the second confirmation arrives meanwhile.
    fake.failNext({ delayMs: 150, process: true });
    const answers = await Promise.all([confirm(reference, code), confirm(reference, code)]);

    expect(oneStepCalls() - before).toBe(1);
    const done = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(done.map((a) => a.body.status)).toEqual(["completed"]);
    expect(refused.map((a) => [a.status, a.body.error.code])).toEqual([[409, 40020]]);
    expect(refused[0].body.error.details).toContain("being processed");
    expect(paid(reference)).toHaveLength(1);
    expect((await row(reference)).otpAttempts).toBe(0);
  });

  it("after an unknown outcome (5xx after the debit, or a timeout) a second code is 409 and never sent; the status read completes the deposit once", async () => {
    for (const fault of [{ status: 500, process: true }, { delayMs: 700, process: true }]) {
      const { msisdn, phone } = customer("approve");
      const reference = await invoice(phone);
      // A refused code first: its REJECTED transaction shares the reference with the paid one.
      expect((await confirm(reference, "000000")).body.error.code).toBe(40019);
        fake.failNext(fault);
      const first = await confirm(reference, fake.generateOtp(msisdn));
      expect([first.status, first.body.status]).toEqual([200, "pending"]);
      await expect.poll(() => paid(reference).length).toBe(1);
      const pending = await row(reference);
      expect(pending).toMatchObject({ status: "pending", operatorReference: null });
      expect(pending.confirmedAt).not.toBeNull();
      expect(pending.followUntil).not.toBeNull();
      expect(pending.nextCheckAt).not.toBeNull();

      const sent = oneStepCalls();
      const second = await confirm(reference, fake.generateOtp(msisdn));
      expect([second.status, second.body.error.code], JSON.stringify(fault)).toEqual([409, 40020]);
      expect(oneStepCalls()).toBe(sent);

      // The sweep reads the payment by reference: the SUCCESS wins over the refused try.
      await runDueWork(db(), pending.nextCheckAt!);
      const settled = await row(reference);
      expect(settled).toMatchObject({ status: "completed", operatorReference: paid(reference)[0].transactionId, followUntil: null, nextCheckAt: null });
      expect((await events(reference)).map((e) => e.type)).toEqual(["deposit.completed"]);
      await runDueWork(db(), new Date(pending.nextCheckAt!.getTime() + 60_000));
      expect((await events(reference)).length).toBe(1);
      const again = await confirm(reference, fake.generateOtp(msisdn));
      expect([again.status, again.body.error.code]).toEqual([400, 40020]);
      expect(oneStepCalls()).toBe(sent);
    }
  });

  it("a refused code gives the invoice back: the next code is sent, and Orange's answer completes it", async () => {
    const { msisdn, phone } = customer("approve");
    const reference = await invoice(phone);
    const wrong = await confirm(reference, "000000");
    expect([wrong.status, wrong.body.error.code]).toEqual([400, 40019]);
    expect(await row(reference)).toMatchObject({ confirmedAt: null, followUntil: null, nextCheckAt: null, otpAttempts: 1 });
    const right = await confirm(reference, fake.generateOtp(msisdn));
    expect([right.status, right.body.status]).toEqual([200, "completed"]);
    expect(paid(reference)).toHaveLength(1);
  });
});

describe("what Orange reports as paid", () => {
  it("a SUCCESS found by the search with an amount we cannot read completes nothing: held for support, nothing credited", async () => {
    const { msisdn, phone } = customer("approve");
    const reference = await invoice(phone);
    // Debited, then a 5xx: the outcome is read back by our reference.
    fake.failNext({ status: 500, process: true });
    expect((await confirm(reference, fake.generateOtp(msisdn))).body.status).toBe("pending");
    // Orange's transaction reports an amount XOF cannot hold (a fraction of a franc).
    paid(reference)[0].amount.value = 5150.5;
    await runDueWork(db(), (await row(reference)).nextCheckAt!);
    expect(await row(reference)).toMatchObject({ status: "pending", heldReason: "amount_mismatch", operatorAmountMinor: null });
    expect(await events(reference)).toEqual([]);
    expect(await db().ledgerEntry.count({ where: { reference } })).toBe(0);
  });
});

describe("only a code Orange refuses costs the customer a try", () => {
  it("bad credentials, a token path Orange does not serve, or a 429 on the payment: 502, no try spent, nothing debited, the invoice still usable", async () => {
    const { msisdn, phone } = customer("approve");
    const reference = await invoice(phone);
    const code = fake.generateOtp(msisdn);
    const misconfigurations = [{ ORANGE_MONEY_CLIENT_SECRET: "not-the-secret" }, { ORANGE_MONEY_CLIENT_ID: "unknown-client" }, { ORANGE_MONEY_TOKEN_PATH: "/oauth/token" }];
    for (const wrong of misconfigurations) {
      const kept = { ...process.env };
      Object.assign(process.env, wrong);
      const res = await confirm(reference, code).finally(() => (process.env = kept));
      expect([res.status, res.body.error.code], JSON.stringify(wrong)).toEqual([502, 50200]);
      expect(res.body.error.details).toContain("token");
    }
    fake.failNext({ status: 429 });
    const limited = await confirm(reference, code);
    expect([limited.status, limited.body.error.code]).toEqual([502, 50200]);

    expect(await row(reference)).toMatchObject({ status: "pending", otpAttempts: 0, confirmedAt: null });
    expect(paid(reference)).toHaveLength(0);
    const res = await confirm(reference, code);
    expect([res.status, res.body.status]).toEqual([200, "completed"]);
  });

  it("Orange's business refusals fail the deposit with their reason: insufficient balance (2020), no account (2000); no try spent", async () => {
    for (const [behaviour, reason] of [
      ["insufficient_funds", "insufficient_funds"],
      ["no_account", "customer_account_not_found"],
    ] as const) {
      const { msisdn, phone } = customer(behaviour);
      const reference = await invoice(phone);
      const res = await confirm(reference, fake.generateOtp(msisdn));
      expect([res.status, res.body.status, res.body.failureReason]).toEqual([200, "failed", reason]);
      expect(await row(reference)).toMatchObject({ status: "failed", failureReason: reason, otpAttempts: 0, followUntil: null });
      expect((await events(reference)).map((e) => e.type)).toEqual(["deposit.failed"]);
    }
  });
});

describe("Orange's merchant callback", () => {
  it("authenticated by the registered apiKey, it makes us read the status, which settles the deposit", async () => {
    const { msisdn, phone } = customer("never_answers");
    const reference = await invoice(phone);
    const res = await confirm(reference, fake.generateOtp(msisdn));
    expect(res.body.status).toBe("pending");
    const { operatorReference } = await row(reference);
    const delivered = fake.callbacks.length;
    // Orange settles the payment and notifies the registered URL (Authorization: Basic <apiKey>).
    await fake.settle(operatorReference!, "SUCCESS");
    expect(fake.callbacks.slice(delivered).map((c) => [c.status, c.headers.Authorization])).toEqual([[200, `Basic ${CALLBACK_API_KEY}`]]);
    await expect.poll(async () => (await row(reference)).status).toBe("completed");
    expect((await events(reference)).map((e) => e.type)).toEqual(["deposit.completed"]);
  });

  it("never trusts the body: a notification saying SUCCESS for a payment Orange still has PENDING changes nothing", async () => {
    const { msisdn, phone } = customer("never_answers");
    const reference = await invoice(phone);
    await confirm(reference, fake.generateOtp(msisdn));
    const tx = [...fake.transactions.values()].find((t) => t.reference === reference)!;
    const reads = fake.received.length;
    const res = await orangeNotification({ ...tx, status: "SUCCESS" });
    expect(res.status).toBe(200);
    await expect.poll(() => fake.received.slice(reads).some((r) => r.path.endsWith(`/${tx.transactionId}/status`))).toBe(true);
    await expect.poll(async () => (await row(reference)).operatorAnswer).toBe("PENDING");
    expect((await row(reference)).status).toBe("pending");
  });

  it("refuses an unauthenticated notification with 401 and reads nothing; an unknown reference still gets 2xx", async () => {
    const { msisdn, phone } = customer("never_answers");
    const reference = await invoice(phone);
    await confirm(reference, fake.generateOtp(msisdn));
    const tx = [...fake.transactions.values()].find((t) => t.reference === reference)!;
    const reads = fake.received.length;
    for (const apiKey of [null, "someone-elses-key", ""]) {
      const res = await orangeNotification({ ...tx, status: "SUCCESS" }, { apiKey });
      expect([res.status, res.body.error.code], String(apiKey)).toEqual([401, 40002]);
    }
    const wrongScheme = await call("POST", "/api/operators/orange-money/callback", {
      rawBody: JSON.stringify(tx),
      headers: { "content-type": "application/json", authorization: `Basic ${Buffer.from(CALLBACK_API_KEY).toString("base64")}` },
    });
    expect(wrongScheme.status).toBe(401);
    const unknown = await orangeNotification({ ...tx, reference: "DEP_INV_NOT_OURS", transactionId: "MP260101.0000.NOTOUR" });
    expect(unknown.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.received.length).toBe(reads);
  });

  it("checks X-Sonatel-Signature when an endpoint secret is set: signed by it accepted, unsigned or otherwise signed refused", async () => {
    const { msisdn, phone } = customer("never_answers");
    const reference = await invoice(phone);
    await confirm(reference, fake.generateOtp(msisdn));
    const tx = [...fake.transactions.values()].find((t) => t.reference === reference)!;
    process.env.ORANGE_MONEY_CALLBACK_SIGNING_SECRET = SIGNING_SECRET;
    try {
      expect((await orangeNotification(tx)).status).toBe(401);
      expect((await orangeNotification(tx, { secret: "another-secret" })).status).toBe(401);
      fake.transactions.get(tx.transactionId)!.status = "SUCCESS";
      expect((await orangeNotification(tx, { secret: SIGNING_SECRET })).status).toBe(200);
      await expect.poll(async () => (await row(reference)).status).toBe("completed");
    } finally {
      delete process.env.ORANGE_MONEY_CALLBACK_SIGNING_SECRET;
    }
  });
});
