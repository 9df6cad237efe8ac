import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it, vi } from "vitest";
import { recordRefundByHand } from "@/lib/features/refunds/refund-actions";
import { db } from "@/lib/core/db/client";
import { reconcileOperatorOutcomesJob } from "@/lib/features/jobs/functions/reconcile-operator-outcomes-job";
import { jobFunctions } from "@/lib/features/jobs/job-functions";
import { reconcileOperatorOutcomes } from "@/lib/features/reconciliation/reconcile-operator-outcomes";
import { call } from "../helpers/api-client";
import { availableBalance } from "../helpers/fund-merchant";
import { validLink } from "../helpers/fixtures";
import { merchantCheckedAfterEach } from "../helpers/reconciled";
import { staffSession } from "../helpers/staff-session";
import { useOperatorFakes } from "../helpers/operator-fakes";
import { contractError } from "../helpers/contract-error";

// Issue 26's done-criterion: a refund through the API and the automatic path each reach the
// customer once, through the operator the customer paid with (the dashboard's refund goes through
// the same createRefund: tests/refunds/dashboard). Live payments against the operators' fakes:
// MTN's refund API, Wave's checkout refund (a whole refund due) and payout (a merchant's), and
// Orange Money, which has no refund API: support pays it back by hand and records it.

const operators = useOperatorFakes();

const merchant = merchantCheckedAfterEach();
const CALLBACK = "https://hooks.invalid/refunds";
const liveKey = () => merchant().liveKey;
const refundEvents = async (reference: string) => (await db().webhookEvent.findMany({ where: { reference }, orderBy: { id: "asc" } })).map((e) => e.type);
/** The reconciliation's pass, as the runner or Inngest runs it, reading every open outcome now. */
const reconcileNow = () => reconcileOperatorOutcomes(db(), new Date(), { all: true });

let n = 0;
function mtnCustomer(customer: "approve" | "never_answers") {
  const msisdn = `22507${String(Date.now() % 1e6).padStart(6, "0")}${String(++n).padStart(2, "0")}`;
  operators().mtn.script(msisdn, { customer, callback: "none" });
  return `+${msisdn}`;
}
/** The expire calls Wave received for one checkout session (the close of a replaced attempt). */
const expireCalls = (sessionId: string) => operators().wave.received.filter((r) => r.method === "POST" && r.path === `/v1/checkout/sessions/${sessionId}/expire`);
const mtnRefunds = () => [...operators().mtn.transactions.values()].filter((t) => t.kind === "refund");

async function liveLink() {
  const res = await call("POST", "/api/v4/payments/link", { key: liveKey(), body: validLink });
  expect(res.status).toBe(200);
  return res.body.reference as string;
}

/** A customer's checkout starts an attempt (the same checkout, by its cookie, may replace it). */
async function attempt(reference: string, gatewayName: string, customerPhone: string, cookie?: string) {
  const res = await call("POST", `/api/checkout/${reference}/attempts`, {
    body: { country: "CI", gatewayName, customerPhone },
    headers: { "x-forwarded-for": `10.80.${n % 250}.${++n % 250}`, ...(cookie ? { cookie } : {}) },
  });
  expect(res.status).toBe(200);
  const deposit = await db().deposit.findFirstOrThrow({ where: { paymentLink: { reference } }, orderBy: { createdAt: "desc" } });
  return { deposit, cookie: cookie ?? res.headers.get("set-cookie")!.split(";")[0] };
}

describe("a merchant's refund of a live payment, through the API", () => {
  it("MTN: MTN's refund API names the payment (referenceIdToRefund), for the amount, once; refund.completed", async () => {
    const link = await liveLink();
    const { deposit } = await attempt(link, "MTN_MOMO_CI", mtnCustomer("approve"));
    await reconcileNow();
    expect((await db().paymentLink.findUniqueOrThrow({ where: { reference: link } })).status).toBe("completed");

    const res = await call("POST", "/api/v4/refunds", { key: liveKey(), body: { paymentReference: link, amount: 2000 } });
    expect([res.status, res.body.status]).toEqual([200, "pending"]);
    const sent = mtnRefunds().filter((t) => t.body.externalId === res.body.reference);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({ amount: "2000", currency: "XOF", referenceIdToRefund: deposit.operatorRequestId });
    await reconcileNow();
    await reconcileNow();
    expect((await db().refund.findUniqueOrThrow({ where: { reference: res.body.reference } })).status).toBe("completed");
    expect(mtnRefunds().filter((t) => t.body.externalId === res.body.reference)).toHaveLength(1);
    expect(await refundEvents(res.body.reference)).toEqual(["refund.completed"]);
    expect(await availableBalance(liveKey())).toBe(5000 - 2000);
  });

  it("Wave: the merchant's refund (the amount, not the fees) is a Wave payout to the number that paid, once", async () => {
    const link = await liveLink();
    const { deposit } = await attempt(link, "WAVE_CI", "+2250700000444");
    await operators().wave.pay(deposit.operatorRequestId!, { delivery: "none" });
    await reconcileNow();
    expect((await db().paymentLink.findUniqueOrThrow({ where: { reference: link } })).status).toBe("completed");

    const res = await call("POST", "/api/v4/refunds", { key: liveKey(), body: { paymentReference: link } });
    expect([res.status, res.body.amount]).toEqual([200, 5000]);
    await reconcileNow();
    const payouts = [...operators().wave.payouts.values()].filter((p) => p.client_reference === res.body.reference);
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ receive_amount: "5000", mobile: "+2250700000444", currency: "XOF" });
    expect((await db().refund.findUniqueOrThrow({ where: { reference: res.body.reference } })).status).toBe("completed");
    expect(operators().wave.refunds.get(deposit.operatorRequestId!) ?? 0).toBe(0);
    expect(await availableBalance(liveKey())).toBe(0);
  });

  it("Wave: a partial refund's payout fee (Wave's, on top of what the customer gets) reaches the refund and the ledger, paid out of the platform's fees", async () => {
    const link = await liveLink();
    const { deposit } = await attempt(link, "WAVE_CI", "+2250700000444");
    await operators().wave.pay(deposit.operatorRequestId!, { delivery: "none" });
    await reconcileNow();
    const res = await call("POST", "/api/v4/refunds", { key: liveKey(), body: { paymentReference: link, amount: 2000 } });
    expect([res.status, res.body.status]).toEqual([200, "completed"]);
    const [payout] = [...operators().wave.payouts.values()].filter((p) => p.client_reference === res.body.reference);
    const fee = BigInt(payout.fee);
    expect((await db().refund.findUniqueOrThrow({ where: { reference: res.body.reference } })).operatorFeeMinor).toBe(fee);
    const completed = await db().ledgerEntry.findMany({ where: { reference: res.body.reference, kind: "refund_completed" } });
    expect(Object.fromEntries(completed.map((e) => [e.account, e.amountMinor]))).toEqual({ merchant_in_flight: -2000n, world: 2000n + fee, platform_fees: -fee });
    expect(await availableBalance(liveKey())).toBe(3000);
  });

  it("Orange Money: no refund API: the refund waits for support, who pays it back by hand and records it (refund.completed)", async () => {
    const msisdn = `77${String(Date.now() % 1e7).padStart(7, "0")}`;
    operators().orange.script(msisdn, "approve");
    const invoice = await call("POST", "/api/v4/validation/deposit/generate-invoice", {
      key: liveKey(),
      body: { amount: 5000, currency: "XOF", customerPhone: `+221${msisdn}`, country: "SN", gatewayName: "ORANGE_MONEY_SN", callbackUrl: CALLBACK },
    });
    const paid = await call("POST", "/api/v4/validation/deposit/confirm", { key: liveKey(), body: { trxReference: invoice.body.reference, otp: operators().orange.generateOtp(msisdn) } });
    expect(paid.body.status).toBe("completed");
    const callsBefore = operators().orange.received.length;
    const res = await call("POST", "/api/v4/refunds", { key: liveKey(), body: { paymentReference: paid.body.reference, amount: 1500 } });
    expect([res.status, res.body.status, res.body.callbackUrl]).toEqual([200, "pending", CALLBACK]);
    const row = await db().refund.findUniqueOrThrow({ where: { reference: res.body.reference } });
    expect([row.method, row.dueAt]).toEqual(["manual", null]);
    await reconcileNow();
    // Nothing about this refund went to Orange (the pass may read other files' open Orange payments
    // in a shared PostgreSQL database).
    expect(operators().orange.received.slice(callsBefore).filter((r) => `${r.url}${r.body}`.includes(res.body.reference))).toEqual([]);
    expect(await db().refund.findUniqueOrThrow({ where: { reference: res.body.reference } })).toMatchObject({ status: "pending", sendAttempts: 0, operatorSentAt: null });

    const admin = await staffSession("admin");
    const done = await recordRefundByHand(db(), { staffId: admin.id, reference: res.body.reference, outcome: "completed", operatorReference: "CI260101.0000.A00001" });
    expect(done).toMatchObject({ status: "completed", operatorReference: "CI260101.0000.A00001" });
    expect(await refundEvents(res.body.reference)).toEqual(["refund.completed"]);
    expect(await contractError(recordRefundByHand(db(), { staffId: admin.id, reference: res.body.reference, outcome: "failed" }))).toMatchObject({ code: 40020 });
  });
});

describe("the reconciliation as an Inngest function", () => {
  it("reads what is due at the operator and records it: a pending MTN deposit the customer approved completes", async () => {
    const res = await call("POST", "/api/v4/classic/deposit/initiate", {
      key: liveKey(),
      body: { amount: 5000, currency: "XOF", customerPhone: mtnCustomer("approve"), country: "CI", gatewayName: "MTN_MOMO_CI" },
    });
    await db().deposit.update({ where: { reference: res.body.reference }, data: { nextCheckAt: new Date(Date.now() - 1000) } });
    const { result } = await new InngestTestEngine({ function: reconcileOperatorOutcomesJob }).execute();
    expect(result).toMatchObject({ depositsSettled: expect.any(Number), backlog: false });
    expect((await db().deposit.findUniqueOrThrow({ where: { reference: res.body.reference } })).status).toBe("completed");
    // It is served with the other functions, and the minute sweep leaves the operators to it.
    expect(jobFunctions).toContain(reconcileOperatorOutcomesJob);
  });
});

describe("a checkout attempt the customer replaces", () => {
  it("is closed at Wave at once, so it cannot be paid twice; the link stays payable", async () => {
    const link = await liveLink();
    const first = await attempt(link, "WAVE_CI", "+2250700000444");
    await attempt(link, "MTN_MOMO_CI", mtnCustomer("never_answers"), first.cookie);
    // Closed in the background while the customer waits for the new prompt; then recorded.
    const replaced = () => db().deposit.findUniqueOrThrow({ where: { id: first.deposit.id } });
    await vi.waitFor(async () => expect((await replaced()).status).not.toBe("pending"), { timeout: 10_000, interval: 20 });
    expect(operators().wave.sessions.get(first.deposit.operatorRequestId!)!.checkout_status).toBe("expired");
    expect(await replaced()).toMatchObject({ status: "failed", failureReason: "expired" });
    expect((await db().paymentLink.findUniqueOrThrow({ where: { reference: link } })).status).toBe("pending");
  });
});

describe("a refund the platform owes: a link paid twice", () => {
  it("MTN: the second approval is given back whole through MTN's refund API, once, never from the merchant's balance", async () => {
    const link = await liveLink();
    // The customer's first prompt goes unanswered; the same checkout tries again and pays.
    const first = await attempt(link, "MTN_MOMO_CI", mtnCustomer("never_answers"));
    const second = await attempt(link, "MTN_MOMO_CI", mtnCustomer("approve"), first.cookie);
    await reconcileNow();
    expect((await db().paymentLink.findUniqueOrThrow({ where: { reference: link } })).paidByDepositId).toBe(second.deposit.id);
    // Then the first prompt is approved after all: that money is owed back.
    operators().mtn.transactions.get(first.deposit.operatorRequestId!)!.outcome = { status: "SUCCESSFUL" };
    await reconcileNow();
    const owed = await db().deposit.findUniqueOrThrow({ where: { id: first.deposit.id } });
    expect([owed.status, owed.refundDueReason]).toEqual(["completed", "link_already_paid"]);
    await reconcileNow();
    const refund = await db().refund.findFirstOrThrow({ where: { depositId: owed.id } });
    expect(refund).toMatchObject({ source: "refund_due", status: "completed", amountMinor: owed.amountMinor + owed.feesMinor, method: "operator_refund" });
    const sent = mtnRefunds().filter((t) => t.body.referenceIdToRefund === owed.operatorRequestId);
    expect(sent).toHaveLength(1);
    expect(sent[0].body.amount).toBe(String(owed.amountMinor + owed.feesMinor));
    await reconcileNow();
    expect(mtnRefunds().filter((t) => t.body.referenceIdToRefund === owed.operatorRequestId)).toHaveLength(1);
    expect(await availableBalance(liveKey())).toBe(5000);
    expect(await refundEvents(refund.reference)).toEqual(["refund.completed"]);
  });

  it("Wave: a replaced session that could not be closed and was paid after all is refunded whole by Wave's checkout refund, once", async () => {
    const link = await liveLink();
    const first = await attempt(link, "WAVE_CI", "+2250700000444");
    // Replacing it closes the first session at Wave, unless Wave does not answer then.
    operators().wave.failNext({ status: 503 }, 2);
    const second = await attempt(link, "MTN_MOMO_CI", mtnCustomer("approve"), first.cookie);
    // The background close has met Wave's first 503 before the reconciliation's read meets the second.
    await vi.waitFor(() => expect(expireCalls(first.deposit.operatorRequestId!)).toHaveLength(1), { timeout: 10_000, interval: 20 });
    await reconcileNow();
    expect((await db().paymentLink.findUniqueOrThrow({ where: { reference: link } })).paidByDepositId).toBe(second.deposit.id);
    await operators().wave.pay(first.deposit.operatorRequestId!, { delivery: "none" });
    await db().deposit.update({ where: { id: first.deposit.id }, data: { nextCheckAt: new Date() } });
    await reconcileNow();
    await reconcileNow();
    const refund = await db().refund.findFirstOrThrow({ where: { depositId: first.deposit.id } });
    expect(refund).toMatchObject({ source: "refund_due", status: "completed", method: "session_refund" });
    expect(operators().wave.refunds.get(first.deposit.operatorRequestId!)).toBe(1);
    await reconcileNow();
    expect(operators().wave.refunds.get(first.deposit.operatorRequestId!)).toBe(1);
  });
});
