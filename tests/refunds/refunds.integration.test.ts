import { describe, expect, it } from "vitest";
import { startLinkAttempt } from "@/lib/features/checkout/start-link-attempt";
import { newCheckoutToken } from "@/lib/features/checkout/checkout-session";
import { db } from "@/lib/core/db/client";
import { resolveHeldDeposit } from "@/lib/features/deposits/resolve-held-deposit";
import { applyGatewayOutcome } from "@/lib/features/deposits/sync-deposit-with-gateway";
import { sandboxAnswerDelayMs } from "@/lib/integrations/gateways/sandbox-simulator";
import { runDueWork, SANDBOX_TIMER_GRACE_MS } from "@/lib/features/jobs/run-due-work";
import { ACCOUNTS } from "@/lib/features/ledger/accounts";
import { call, ORIGIN } from "../helpers/api-client";
import { availableBalance, fundMerchant } from "../helpers/fund-merchant";
import { newKey, newMerchant, validDeposit, validLink } from "../helpers/fixtures";
import { staffSession } from "../helpers/staff-session";
import { merchantCheckedAfterEach } from "../helpers/reconciled";

// Issue 26: refunds that are paid. A merchant refunds a paid link or a completed deposit through
// POST /api/v4/refunds, in full or in part, out of its available balance; the platform refunds on
// its own what a customer paid twice for one link. Each ends completed or failed, once, with its
// webhook, and the books reconcile after every test (merchantCheckedAfterEach).

const merchant = merchantCheckedAfterEach();
/** The due work without webhook attempts (the events are recorded all the same): passes that travel ahead leave other files' retries alone. */
const settleOnly = { parts: { settle: true, webhooks: false } };
const CALLBACK = "https://hooks.invalid/payments";
const key = () => merchant().sandboxKey;
const refund = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call("POST", "/test/api/v4/refunds", { key: key(), body, headers });
const readRefund = (reference: string) => call("GET", `/test/api/v4/refunds/${reference}`, { key: key() });
const refundRow = (reference: string) => db().refund.findUniqueOrThrow({ where: { reference } });
const events = async (reference: string) => (await db().webhookEvent.findMany({ where: { reference }, orderBy: { id: "asc" } })).map((e) => ({ type: e.type, body: JSON.parse(e.payload) }));

async function newLink(extra: Record<string, unknown> = {}) {
  const res = await call("POST", "/test/api/v4/payments/link", { key: key(), body: { ...validLink, callbackUrl: CALLBACK, ...extra } });
  expect(res.status).toBe(200);
  return res.body.reference as string;
}

/** A checkout attempt the simulated phone approves, settled by the due work as the runner would. */
async function pay(linkReference: string, customerPhone = "+2250700000444", token = newCheckoutToken()) {
  const attempt = await startLinkAttempt(db(), { reference: linkReference, environment: "sandbox", gatewayName: "MTN_MOMO_CI", country: "CI", customerPhone, origin: ORIGIN, checkoutToken: token });
  // Past the simulated phone's answer and the grace the sweep leaves its in-process timer.
  await runDueWork(db(), new Date(attempt.createdAt.getTime() + sandboxAnswerDelayMs() + SANDBOX_TIMER_GRACE_MS + 10), settleOnly);
  return db().deposit.findUniqueOrThrow({ where: { id: attempt.id } });
}

/** The sandbox answers a refund after its simulated delay: the due work settles it. */
const answerRefunds = async (reference: string) => {
  const row = await refundRow(reference);
  await runDueWork(db(), new Date(row.createdAt.getTime() + sandboxAnswerDelayMs() + 10), settleOnly);
  return refundRow(reference);
};

describe("a merchant's refund of a paid link", () => {
  it("gives back the whole amount by default, out of the available balance: pending, then completed with refund.completed", async () => {
    const link = await newLink();
    const paid = await pay(link);
    expect(paid.status).toBe("completed");
    const before = await availableBalance(key());
    // What the merchant was credited; the fees the customer paid on top stay the platform's.
    const charged = Number(paid.amountMinor);

    const res = await refund({ paymentReference: link, reason: "Order cancelled", metadata: { ticket: "T-9" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ paymentReference: link, status: "pending", source: "merchant", amount: charged, currency: "XOF", reason: "Order cancelled", gatewayName: "MTN_MOMO_CI", callbackUrl: CALLBACK });
    expect(res.body.reference).toMatch(/^RFD_TEST_[0-9A-Z]{26}$/);
    // Held at once: available goes down by the amount.
    expect(await availableBalance(key())).toBe(before - charged);

    const done = await answerRefunds(res.body.reference);
    expect(done.status).toBe("completed");
    expect((await readRefund(res.body.reference)).body).toMatchObject({ status: "completed", failureReason: null });
    const sent = await events(res.body.reference);
    expect(sent.map((e) => e.type)).toEqual(["refund.completed"]);
    expect(sent[0].body).toMatchObject({ event: "refund.completed", reference: res.body.reference, paymentReference: link, amount: charged, source: "merchant", metadata: { ticket: "T-9" } });
    expect((await db().webhookDelivery.findMany({ where: { event: { reference: res.body.reference } } })).map((d) => d.url)).toEqual([CALLBACK]);
    // Once: the due work again changes nothing.
    await runDueWork(db(), new Date(Date.now() + 60_000), settleOnly);
    expect((await events(res.body.reference)).length).toBe(1);
    expect(await availableBalance(key())).toBe(before - charged);
  });

  it("refunds in parts up to the payment's amount, and refuses more (40010) or a full refund twice (40020)", async () => {
    const link = await newLink();
    const paid = await pay(link);
    const charged = Number(paid.amountMinor);
    const first = await refund({ paymentReference: link, amount: 1000 });
    expect([first.status, first.body.amount]).toEqual([200, 1000]);
    const over = await refund({ paymentReference: link, amount: charged });
    expect([over.status, over.body.error.code]).toEqual([400, 40010]);
    expect(over.body.error.details).toBe(`amount ${charged} XOF is more than can still be refunded for ${link}: ${charged - 1000} XOF`);
    const rest = await refund({ paymentReference: link });
    expect([rest.status, rest.body.amount]).toEqual([200, charged - 1000]);
    const again = await refund({ paymentReference: link, amount: 1 });
    expect([again.status, again.body.error.code, again.body.error.details]).toEqual([400, 40020, `${link} is already refunded in full`]);
    await answerRefunds(rest.body.reference);
  });

  it("refuses a refund the available balance cannot cover (422/40013) and writes nothing", async () => {
    const link = await newLink();
    await pay(link);
    // Pay the balance out first (sandbox DIRECT payout), so nothing is left to refund from.
    const available = await availableBalance(key());
    const payout = await call("POST", "/test/api/v4/transfers/instant", {
      key: key(),
      body: { amount: Math.floor(available / 1.01) - 10, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: "+2250700000444", country: "CI" },
    });
    expect(payout.status).toBe(200);
    const res = await refund({ paymentReference: link });
    expect([res.status, res.body.error.code]).toEqual([422, 40013]);
    expect(await db().refund.count({ where: { merchantId: merchant().id } })).toBe(0);
  });

  it("replays an Idempotency-Key without refunding twice", async () => {
    const link = await newLink();
    await pay(link);
    const headers = { "Idempotency-Key": "refund-order-77" };
    const first = await refund({ paymentReference: link, amount: 500 }, headers);
    const replay = await refund({ paymentReference: link, amount: 500 }, headers);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.reference).toBe(first.body.reference);
    expect(await db().refund.count({ where: { merchantId: merchant().id } })).toBe(1);
    const other = await refund({ paymentReference: link, amount: 600 }, headers);
    expect([other.status, other.body.error.code]).toEqual([422, 40020]);
    await answerRefunds(first.body.reference);
  });

  it("fails when the customer's number cannot receive it (sandbox: ...333), giving the amount back to the balance", async () => {
    const link = await newLink();
    await pay(link, "+2250700000444");
    // The sandbox refund's outcome follows the number that paid: here one that cannot receive.
    const paid = await db().paymentLink.findUniqueOrThrow({ where: { reference: link } });
    await db().deposit.update({ where: { id: paid.paidByDepositId! }, data: { customerPhone: "+2250700000333" } });
    const before = await availableBalance(key());
    const res = await refund({ paymentReference: link, amount: 700 });
    expect(await availableBalance(key())).toBe(before - 700);
    const done = await answerRefunds(res.body.reference);
    expect([done.status, done.failureReason]).toEqual(["failed", "recipient_account_blocked"]);
    expect(await availableBalance(key())).toBe(before);
    expect((await events(res.body.reference)).map((e) => e.type)).toEqual(["refund.failed"]);
  });
});

describe("what cannot be refunded, and who may", () => {
  it("a link that holds no payment, a checkout attempt, another merchant's payment, a missing scope", async () => {
    const unpaid = await newLink();
    const res = await refund({ paymentReference: unpaid });
    expect([res.status, res.body.error.code, res.body.error.details]).toEqual([400, 40020, `${unpaid} is pending and holds no payment: only a paid link can be refunded`]);

    const link = await newLink();
    const attempt = await pay(link);
    const byAttempt = await refund({ paymentReference: attempt.reference });
    expect([byAttempt.status, byAttempt.body.error.code]).toEqual([400, 40020]);

    const stranger = await newMerchant();
    const foreign = await call("POST", "/test/api/v4/refunds", { key: stranger.sandboxKey, body: { paymentReference: link } });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 40004]);
    // The live path does not see the sandbox's payment either.
    const live = await call("POST", "/api/v4/refunds", { key: merchant().liveKey, body: { paymentReference: link } });
    expect([live.status, live.body.error.code]).toEqual([404, 40004]);

    const readOnly = await newKey(merchant().id, "sandbox", { scopes: ["links:read", "refunds:read"] });
    const denied = await call("POST", "/test/api/v4/refunds", { key: readOnly.key, body: { paymentReference: link } });
    expect([denied.status, denied.body.error.code]).toEqual([403, 40001]);
    const noRead = await newKey(merchant().id, "sandbox", { scopes: ["links:read"] });
    expect((await call("GET", "/test/api/v4/refunds/RFD_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K", { key: noRead.key })).status).toBe(403);
    expect((await readRefund("RFD_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K")).body.error.code).toBe(40004);
  });

  it("a payment whose money the platform already owes back (a refund due) is refused (400/40020): it cannot be given back twice", async () => {
    // A deposit its operator reported for other figures: support failed it, and what the operator
    // said it took is owed back (refundDueReason). The operator's read then shows our amount after
    // all: the deposit completes late, its money still owed back by the platform.
    const res = await call("POST", "/test/api/v4/classic/deposit/initiate", { key: key(), body: { ...validDeposit, customerPhone: "+2250700000222" } });
    const waiting = await db().deposit.findUniqueOrThrow({ where: { reference: res.body.reference } });
    await applyGatewayOutcome(db(), waiting, { status: "completed", amountMinor: 300n, currency: "XOF" });
    const staff = await staffSession("admin");
    const failed = await resolveHeldDeposit(db(), { staffId: staff.id, reference: waiting.reference, decision: "fail" });
    const owed = await applyGatewayOutcome(db(), failed, { status: "completed", amountMinor: waiting.amountMinor + waiting.feesMinor, currency: "XOF" });
    expect([owed.status, owed.refundDueReason]).toEqual(["completed", "amount_mismatch"]);

    const refused = await refund({ paymentReference: owed.reference });
    expect([refused.status, refused.body.error.code]).toEqual([400, 40020]);
    expect(refused.body.error.details).toBe(`${owed.reference} is owed back to the customer by the platform (amount_mismatch): it is refunded as a refund due, not by the merchant`);
    expect(await db().refund.count({ where: { depositId: owed.id, source: "merchant" } })).toBe(0);
  });

  it("validates the request in the error envelope: amount decimals (40010), callbackUrl (40021), unknown fields (40023)", async () => {
    const link = await newLink();
    await pay(link);
    for (const [body, code] of [
      [{ paymentReference: link, amount: 10.5 }, 40010],
      [{ paymentReference: link, amount: -1 }, 40010],
      [{ paymentReference: link, callbackUrl: "http://insecure.example" }, 40021],
      [{ paymentReference: link, refundAll: true }, 40023],
      [{}, 40023],
    ] as const) {
      const res = await refund(body);
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([400, code]);
    }
    expect(await db().refund.count({ where: { merchantId: merchant().id } })).toBe(0);
  });
});

describe("a completed API deposit", () => {
  it("is refunded by its reference, the deposit's callbackUrl by default, up to its amount (not its fees)", async () => {
    const [reference] = await fundMerchant(key(), [5000], { callbackUrl: CALLBACK });
    const over = await refund({ paymentReference: reference, amount: 5075 });
    expect([over.status, over.body.error.code]).toEqual([400, 40010]);
    const res = await refund({ paymentReference: reference });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ paymentReference: reference, amount: 5000, callbackUrl: CALLBACK });
    expect((await answerRefunds(res.body.reference)).status).toBe("completed");
  });
});

describe("a refund the platform owes (a link paid twice)", () => {
  it("is opened with the hold and paid back to the second customer on its own, once, never from the merchant's balance", async () => {
    const link = await newLink();
    const first = await pay(link, "+2250700000444");
    // A second checkout's attempt approved after the link was paid: the money is owed back.
    const row = await db().paymentLink.findUniqueOrThrow({ where: { reference: link } });
    const late = await db().deposit.create({
      data: {
        ...(({ id: _id, reference: _ref, operatorRequestId: _op, validatedReference: _v, ...rest }) => rest)(first),
        id: `dep_second_${Date.now()}`,
        reference: `DEP_TEST_SECOND${Date.now()}`.slice(0, 36),
        status: "pending",
        completedAt: null,
        customerPhone: "+2250700000555",
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + 60_000),
        metadata: undefined,
      },
    });
    const before = await availableBalance(key());
    const { transitionDeposit } = await import("@/lib/features/deposits/transition-deposit");
    expect(await transitionDeposit(db(), { id: late.id, to: "completed", paymentLinkId: row.id })).toBe(true);

    const owed = await db().refund.findMany({ where: { depositId: late.id } });
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({ source: "refund_due", status: "pending", reason: "link_already_paid", requestedBy: "automatic", paymentReference: link, customerPhone: "+2250700000555", amountMinor: late.amountMinor + late.feesMinor, callbackUrl: CALLBACK });
    const done = await answerRefunds(owed[0].reference);
    expect(done.status).toBe("completed");
    // The merchant's balance never saw it; refunds_due is empty again for this merchant.
    expect(await availableBalance(key())).toBe(before);
    const held = await db().ledgerEntry.aggregate({ where: { merchantId: merchant().id, account: ACCOUNTS.refundsDue }, _sum: { amountMinor: true } });
    expect(held._sum.amountMinor).toBe(0n);
    expect((await events(owed[0].reference)).map((e) => [e.type, e.body.source])).toEqual([["refund.completed", "refund_due"]]);
    // The merchant cannot refund the second payment again, nor the first beyond what it paid.
    const byLink = await refund({ paymentReference: link });
    expect(byLink.body.amount).toBe(Number(first.amountMinor));
    await answerRefunds(byLink.body.reference);
  });
});
