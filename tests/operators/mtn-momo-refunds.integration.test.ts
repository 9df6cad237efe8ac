import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RefundForGateway } from "@/lib/integrations/gateways/adapter";
import { liveRefundAdapter } from "@/lib/integrations/gateways/live-adapters";
import { MTN_NOT_FOUND_GRACE_MS } from "@/lib/integrations/gateways/mtn-momo/mtn-momo-adapter";
import { createMtnMomoClient, type MtnMomoClient } from "@/lib/integrations/gateways/mtn-momo/mtn-momo-client";
import { createMtnMomoRefunds } from "@/lib/integrations/gateways/mtn-momo/mtn-momo-refunds";
import { createOperatorBreaker } from "@/lib/integrations/gateways/operators/circuit-breaker";
import { advanceMoneyOut } from "@/lib/features/money-out/advance-money-out";
import { mtnMomoCountryEnv, mtnMomoFakeEnv } from "../fakes/start-operator-fakes";
import { MTN_FAKE_ACCOUNT, mtnFakeAccount, startMtnMomoFake, type MtnMomoFake, type MtnScript } from "../fakes/mtn-momo-fake";

// MTN's refund of a request-to-pay (Disbursement, Refund-V1) behind the RefundAdapter seam, driven
// by the money-out engine (lib/features/money-out/advance-money-out.ts) as a refund row would be, against the
// MTN fake: sent once whatever happens to the answers, refused only when the first send is.

const CM = mtnFakeAccount("cm", "mtncameroon");
let fake: MtnMomoFake;
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startMtnMomoFake({ accounts: [MTN_FAKE_ACCOUNT, CM] });
});
afterAll(async () => {
  process.env = saved;
  await fake.close();
});

// A deadline no answer of the local fake misses, even on a loaded machine (a full test run missed
// 2 s for a token); the tests of a lost answer pass their own, shorter than the fake's delay.
const clientFor = (account = MTN_FAKE_ACCOUNT, timeoutMs = 10_000) =>
  createMtnMomoClient(fake.configFor(account), { breaker: createOperatorBreaker("mtn-momo"), timeoutMs });

let phones = 0;
/** A payment MTN collected (SUCCESSFUL), from a fresh customer. */
async function paidPayment(client: MtnMomoClient = clientFor(), amountMinor = 5150n, currency = "XOF") {
  const msisdn = `22505${String(Date.now() % 1e6).padStart(6, "0")}${String(++phones).padStart(2, "0")}`;
  fake.script(msisdn, { customer: "approve", callback: "none" });
  const referenceId = randomUUID();
  await client.requestToPay({ referenceId, externalId: `DEP_${referenceId.slice(0, 8)}`, amountMinor, currency, phone: `+${msisdn}` });
  return { referenceId, msisdn, phone: `+${msisdn}`, amountMinor, currency };
}

type Payment = Awaited<ReturnType<typeof paidPayment>>;

function refundOf(payment: Payment, amountMinor = payment.amountMinor): RefundForGateway {
  return {
    reference: `RFD_${randomUUID().slice(0, 8)}`,
    operatorRequestId: randomUUID(),
    amountMinor,
    currency: payment.currency,
    phone: payment.phone,
    createdAt: new Date(),
    operatorSentAt: null,
    payment: { reference: `DEP_${payment.referenceId.slice(0, 8)}`, gatewayName: "MTN_MOMO_CI", operatorRequestId: payment.referenceId, operatorReference: null, chargedMinor: payment.amountMinor },
    whole: amountMinor === payment.amountMinor,
    method: "operator_refund",
  };
}

/** One step of the refund, as the engine runs it for a row (operatorSentAt kept like the row's). */
function step(refund: RefundForGateway, now: Date, adapter = createMtnMomoRefunds(clientFor())) {
  return advanceMoneyOut(refund, adapter, {
    beforeSend: async (at) => {
      refund.operatorSentAt = at;
    },
    notSent: async (previous) => {
      refund.operatorSentAt = previous;
    },
  }, now);
}

const refundPosts = (referenceId: string) => fake.received.filter((r) => r.path === "/disbursement/v1_0/refund" && r.headers["x-reference-id"] === referenceId);
const refundsAtMtn = (payment: Payment) => [...fake.transactions.values()].filter((tx) => tx.kind === "refund" && tx.body.referenceIdToRefund === payment.referenceId);
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

describe("MTN MoMo refunds", () => {
  it("sends MTN's refund with the Disbursement token and key, names the payment, and completes with what MTN paid", async () => {
    const payment = await paidPayment();
    const refund = refundOf(payment);
    const adapter = createMtnMomoRefunds(clientFor());
    expect(adapter.method(refund)).toBe("operator_refund");
    expect(adapter.newRequestId(refund)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const sentAt = new Date();
    expect(await step(refund, sentAt, adapter)).toMatchObject({ kind: "sent" });
    const [post] = refundPosts(refund.operatorRequestId!);
    expect(post.headers["ocp-apim-subscription-key"]).toBe(MTN_FAKE_ACCOUNT.disbursementSubscriptionKey);
    expect(post.headers["x-target-environment"]).toBe("mtnivorycoast");
    expect(JSON.parse(post.body)).toEqual({
      amount: "5150",
      currency: "XOF",
      externalId: refund.reference,
      payerMessage: `Refund of ${refund.payment.reference}`,
      payeeNote: refund.reference,
      referenceIdToRefund: payment.referenceId,
    });
    // The status read: MTN paid the payer back, for our figures.
    expect(await adapter.status(refund)).toMatchObject({ status: "completed", amountMinor: 5150n, currency: "XOF", said: "SUCCESSFUL" });
    const done = await step(refund, later(sentAt, 5_000), adapter);
    expect(done).toMatchObject({ kind: "final", outcome: { status: "completed", amountMinor: 5150n } });
  });

  it("gives back part of a payment, and never more than is left of it", async () => {
    const payment = await paidPayment();
    for (const part of [2000n, 3150n]) expect(await step(refundOf(payment, part), new Date())).toMatchObject({ kind: "sent" });
    const tooMuch = await step(refundOf(payment, 1n), new Date());
    expect(tooMuch).toMatchObject({ kind: "final", outcome: { status: "failed", reason: "operator_rejected: REFUND_NOT_ALLOWED" } });
    expect(refundsAtMtn(payment)).toHaveLength(2);
  });

  it("is sent once when MTN took it but its answer was lost: found by the status read, never sent again", async () => {
    const payment = await paidPayment();
    const refund = refundOf(payment);
    const adapter = createMtnMomoRefunds(clientFor(MTN_FAKE_ACCOUNT, 300));
    fake.failNext({ delayMs: 600, process: true });
    const sentAt = new Date();
    expect(await step(refund, sentAt, adapter)).toMatchObject({ kind: "pending", answer: "timeout (outcome unknown)" });
    await expect.poll(() => refundsAtMtn(payment).length, { timeout: 3_000 }).toBe(1);
    expect(await step(refund, later(sentAt, 5_000), adapter)).toMatchObject({ kind: "final", outcome: { status: "completed" } });
    expect(refundPosts(refund.operatorRequestId!)).toHaveLength(1);
  });

  it("is sent once when MTN shows it late: not found within the grace is waited for; past it, the same X-Reference-Id goes again and MTN's 409 keeps one refund", async () => {
    const payment = await paidPayment();
    // MTN records this customer's next request 1.5 s after answering it, and the answer is lost.
    fake.script(payment.msisdn, { recordedAfterMs: 1_500 } satisfies MtnScript);
    const refund = refundOf(payment);
    const adapter = createMtnMomoRefunds(clientFor(MTN_FAKE_ACCOUNT, 300));
    fake.failNext({ delayMs: 400, process: true });
    const sentAt = new Date();
    expect(await step(refund, sentAt, adapter)).toMatchObject({ kind: "pending" });
    expect(await step(refund, later(sentAt, MTN_NOT_FOUND_GRACE_MS - 1), adapter)).toMatchObject({ kind: "pending", answer: "not found yet" });
    expect(refundPosts(refund.operatorRequestId!)).toHaveLength(1);
    const resent = await step(refund, later(sentAt, MTN_NOT_FOUND_GRACE_MS), adapter);
    expect(resent).toMatchObject({ kind: "sent", answer: "sent again (same request id)" });
    expect(refundPosts(refund.operatorRequestId!)).toHaveLength(2);
    expect(refundsAtMtn(payment)).toHaveLength(1);
    await expect.poll(async () => (await step(refund, later(sentAt, MTN_NOT_FOUND_GRACE_MS + 5_000), adapter)).kind, { timeout: 4_000 }).toBe("final");
    expect(refundsAtMtn(payment)).toHaveLength(1);
  });

  it("fails when MTN refuses the first send: a refund of no payment of ours, or MTN's 500 refusal code", async () => {
    const stranger = await paidPayment();
    const unknown = refundOf({ ...stranger, referenceId: randomUUID() });
    expect(await step(unknown, new Date())).toMatchObject({ kind: "final", outcome: { status: "failed", reason: "operator_rejected: REFUND_NOT_ALLOWED" } });

    const refused = refundOf(await paidPayment());
    fake.serverErrorNext({ status: 500, code: "NOT_ALLOWED", recorded: false });
    expect(await step(refused, new Date())).toMatchObject({ kind: "final", outcome: { status: "failed", reason: "operator_rejected: NOT_ALLOWED" } });

    // The same refund of no payment, where MTN would accept it and fail it (the fake's other setting).
    fake.settings.invalidRefund = "failed";
    try {
      const accepted = refundOf({ ...stranger, referenceId: randomUUID() });
      const sentAt = new Date();
      expect(await step(accepted, sentAt)).toMatchObject({ kind: "sent" });
      expect(await step(accepted, later(sentAt, 5_000))).toMatchObject({ kind: "final", outcome: { status: "failed", reason: "transaction_not_found" } });
    } finally {
      fake.settings.invalidRefund = "refused";
    }
  });

  it("reads MTN's refund status: FAILED, PENDING, not found, and a success for another amount that completes nothing", async () => {
    const adapter = createMtnMomoRefunds(clientFor());
    const cases = [
      ["fail", { status: "failed", reason: "insufficient_funds", said: "FAILED NOT_ENOUGH_FUNDS" }],
      ["never_answers", { status: "pending", said: "PENDING" }],
    ] as const;
    for (const [outcome, expected] of cases) {
      const payment = await paidPayment();
      fake.script(payment.msisdn, { refund: outcome });
      const refund = refundOf(payment);
      await step(refund, new Date(), adapter);
      expect(await adapter.status(refund), outcome).toMatchObject(expected);
    }
    expect(await adapter.status(refundOf(await paidPayment()))).toBe("not_found");

    const payment = await paidPayment();
    fake.script(payment.msisdn, { reportedAmount: "1" });
    const refund = refundOf(payment);
    const sentAt = new Date();
    await step(refund, sentAt, adapter);
    const mismatch = await step(refund, later(sentAt, 5_000), adapter);
    expect(mismatch).toMatchObject({ kind: "pending" });
    expect(mismatch.answer).toContain("amount mismatch");
  });

  it("is wired per country, with that country's Disbursement key, and not offered without one", async () => {
    Object.assign(process.env, mtnMomoFakeEnv(fake), mtnMomoCountryEnv("CM", CM), { MTN_MOMO_COUNTRIES: "CI,CM" });
    const payment = await paidPayment(clientFor(CM), 5000n, "XAF");
    const refund = refundOf(payment);
    const adapter = liveRefundAdapter("MTN_MOMO_CM");
    expect(adapter).not.toBeNull();
    expect(await step(refund, new Date(), adapter!)).toMatchObject({ kind: "sent" });
    const [post] = refundPosts(refund.operatorRequestId!);
    expect([post.headers["x-target-environment"], post.headers["ocp-apim-subscription-key"]]).toEqual(["mtncameroon", CM.disbursementSubscriptionKey]);

    delete process.env.MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY;
    expect(liveRefundAdapter("MTN_MOMO_CI")).toBeNull();
    expect(liveRefundAdapter("MTN_MOMO_CM")).not.toBeNull();
  });
});
