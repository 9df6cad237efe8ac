import { describe, expect, it } from "vitest";
import { startLinkAttempt } from "@/lib/features/checkout/start-link-attempt";
import { newCheckoutToken } from "@/lib/features/checkout/checkout-session";
import { db } from "@/lib/core/db/client";
import { decideSandboxRedirect } from "@/lib/features/deposits/decide-sandbox-redirect";
import { applyGatewayOutcome } from "@/lib/features/deposits/sync-deposit-with-gateway";
import { transitionDeposit } from "@/lib/features/deposits/transition-deposit";
import { sandboxAnswerDelayMs } from "@/lib/integrations/gateways/sandbox-simulator";
import { runDueWork } from "@/lib/features/jobs/run-due-work";
import { reconcile } from "@/lib/features/ledger/reconcile";
import { call, ORIGIN } from "../helpers/api-client";
import { newMerchant } from "../helpers/fixtures";
import { sandboxLinkSuite } from "../helpers/sandbox-link-suite";
import { staffSession } from "../helpers/staff-session";

// Issue 14: whatever the interleaving of an operator's answer, a restart, the link's expiry and
// other attempts, the money is recorded once, with the operator's time, and states agree.

const suite = sandboxLinkSuite(9);
const { customer, newLink, readLink, balance } = suite;
const events = async (reference: string) =>
  (await db().webhookEvent.findMany({ where: { reference }, orderBy: { id: "asc" } })).map((e) => ({ type: e.type, body: JSON.parse(e.payload) }));
const wholeSeconds = (d: Date) => d.toISOString().slice(0, 19);

/** An attempt started as the checkout route starts it, but with no in-process answer timer: the state a crash leaves. */
function attemptWithoutTimer(reference: string, customerPhone: string, options: { now?: Date; gatewayName?: string; token?: string } = {}) {
  return startLinkAttempt(db(), {
    reference,
    environment: "sandbox",
    gatewayName: options.gatewayName ?? "MTN_MOMO_CI",
    country: "CI",
    customerPhone,
    origin: ORIGIN,
    checkoutToken: options.token ?? newCheckoutToken(),
    now: options.now,
  });
}

describe("an approval and the link's expiry", () => {
  it("a success reported after the attempt was recorded expired still pays the link, at the operator's time", async () => {
    const link = await newLink();
    const attempt = await attemptWithoutTimer(link.reference, "+2250700000444");
    await transitionDeposit(db(), { id: attempt.id, to: "expired", at: attempt.createdAt });
    const expired = await db().deposit.findUniqueOrThrow({ where: { id: attempt.id } });
    const approvedAt = new Date(attempt.createdAt.getTime() + 1_000);
    const figures = { amountMinor: expired.amountMinor + expired.feesMinor, currency: expired.currency };
    const after = await applyGatewayOutcome(db(), expired, { status: "completed", at: approvedAt, ...figures }, new Date(attempt.createdAt.getTime() + 60_000));
    expect(after.status).toBe("completed");
    const paid = await readLink(link.reference);
    expect([paid.status, paid.completedAt]).toEqual(["completed", wholeSeconds(approvedAt)]);
    expect((await events(link.reference)).map((e) => e.type)).toEqual(["payment_link.completed"]);
    // Only a success revives an expired attempt: a late failure leaves it as it was.
    const other = await newLink();
    const second = await attemptWithoutTimer(other.reference, "+2250700000555");
    await transitionDeposit(db(), { id: second.id, to: "expired", at: second.createdAt });
    const row = await db().deposit.findUniqueOrThrow({ where: { id: second.id } });
    expect((await applyGatewayOutcome(db(), row, { status: "failed", reason: "declined_by_customer" })).status).toBe("expired");
    expect((await readLink(other.reference)).status).toBe("pending");
  });

  it("a server killed before the answer and restarted after expiry: the link is paid at the operator's time", async () => {
    const link = await newLink({ expiresIn: 6 });
    const attempt = await attemptWithoutTimer(link.reference, "+2250700000444");
    const answeredAt = new Date(attempt.createdAt.getTime() + sandboxAnswerDelayMs());
    // The restart, 8.5 s later: the link is past its expiry and the answer long due.
    const restart = new Date(link.createdAt.getTime() + 8_500);
    await runDueWork(db(), restart);

    const deposit = await db().deposit.findUniqueOrThrow({ where: { id: attempt.id } });
    expect(deposit).toMatchObject({ status: "completed", completedAt: answeredAt, refundDueReason: null });
    const read = await readLink(link.reference);
    expect(read).toMatchObject({ status: "completed", fees: 75, gatewayName: "MTN_MOMO_CI", paidAfterExpiry: false });
    expect(read.completedAt).toBe(wholeSeconds(answeredAt));
    expect((await events(link.reference)).map((e) => e.type)).toEqual(["payment_link.completed"]);
    expect(await balance()).toEqual([{ currency: "XOF", available: 5000, pending: 0 }]);
    const entries = await db().ledgerEntry.findMany({ where: { reference: link.reference } });
    expect(new Set(entries.map((e) => e.createdAt.getTime()))).toEqual(new Set([answeredAt.getTime()]));
  });

  it("the link's own expiry job settles the attempt first (Inngest's expire-payment-link)", async () => {
    const { expireLink } = await import("@/lib/features/checkout/expire-link");
    const link = await newLink({ expiresIn: 6 });
    await attemptWithoutTimer(link.reference, "+2250700000444");
    expect(await expireLink(db(), { id: link.id, now: new Date(link.expiresAt.getTime() + 1000) })).toBe(false);
    expect((await readLink(link.reference)).status).toBe("completed");
  });

  it("an approval whose operator time is after expiry: expired, paid after expiry, credited, and the merchant told", async () => {
    const link = await newLink({ expiresIn: 6 });
    // Started one second before expiry; the phone answers after the link has expired.
    const attempt = await attemptWithoutTimer(link.reference, "+2250700000444", { now: new Date(link.expiresAt.getTime() - 200) });
    const answeredAt = new Date(attempt.createdAt.getTime() + sandboxAnswerDelayMs());
    expect(answeredAt.getTime()).toBeGreaterThan(link.expiresAt.getTime());
    await runDueWork(db(), new Date(link.expiresAt.getTime() + 5_000));

    expect(await db().deposit.findUniqueOrThrow({ where: { id: attempt.id } })).toMatchObject({ status: "completed", completedAt: answeredAt });
    const read = await readLink(link.reference);
    expect(read).toMatchObject({ status: "expired", paidAfterExpiry: true, fees: 75, gatewayName: "MTN_MOMO_CI", completedAt: wholeSeconds(answeredAt) });
    const sent = await events(link.reference);
    expect(sent.map((e) => e.type)).toEqual(["payment_link.expired", "payment_link.paid_after_expiry"]);
    expect(sent[1].body).toMatchObject({ event: "payment_link.paid_after_expiry", status: "expired", amount: 5000, fees: 75, completedAt: wholeSeconds(answeredAt) });
    expect(await balance()).toEqual([{ currency: "XOF", available: 5000, pending: 0 }]);
  });

  it("an approval learned after the link was recorded expired is paid after expiry, not dropped", async () => {
    const link = await newLink({ expiresIn: 6 });
    // A REDIRECT payment: nobody has answered yet when the link expires, so the expiry is recorded.
    const redirect = await attemptWithoutTimer(link.reference, "+2250700000444", { gatewayName: "WAVE_CI" });
    // As with an operator whose request outlives the link (the sandbox's never does): still pending
    // with the operator once the link has expired.
    await db().deposit.update({ where: { id: redirect.id }, data: { expiresAt: new Date(link.expiresAt.getTime() + 60_000) } });
    await runDueWork(db(), new Date(link.expiresAt.getTime() + 1_000));
    expect((await db().paymentLink.findUniqueOrThrow({ where: { id: link.id } })).status).toBe("expired");
    // Then the operator approves (the simulated operator page).
    await decideSandboxRedirect(db(), { reference: redirect.reference, decision: "approve", now: new Date(link.expiresAt.getTime() + 2_000) });
    expect(await readLink(link.reference)).toMatchObject({ status: "expired", paidAfterExpiry: true, gatewayName: "WAVE_CI" });
    expect((await events(link.reference)).map((e) => e.type)).toEqual(["payment_link.expired", "payment_link.paid_after_expiry"]);
    expect(await balance()).toEqual([{ currency: "XOF", available: 5000, pending: 0 }]);
  });
});

describe("attempts from the public checkout", () => {
  const start = (reference: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call("POST", `/test/api/checkout/${reference}/attempts`, { body: { country: "CI", ...body }, headers: { ...customer(), ...headers } });
  const cookieOf = (res: { headers: Headers }) => res.headers.get("set-cookie")!.split(";")[0];

  it("sets an http-only, SameSite=Lax session cookie scoped to the link's checkout endpoints", async () => {
    const link = await newLink();
    const res = await start(link.reference, { gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000222" });
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^pcs_checkout=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain(`Path=/test/api/checkout/${link.reference};`);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
  });

  it("a stranger cannot replace a customer's live attempt: 409/40020, and the customer's approval still pays", async () => {
    const link = await newLink();
    const mine = await start(link.reference, { gatewayName: "WAVE_CI", customerPhone: "+2250700000444" });
    const strangers = [
      await start(link.reference, { gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000999" }),
      await start(link.reference, { gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000999" }, { cookie: `pcs_checkout=${newCheckoutToken()}` }),
    ];
    for (const stranger of strangers) {
      expect(stranger.status).toBe(409);
      expect(stranger.body.error).toMatchObject({ code: 40020, message: "Operation not allowed" });
      expect(stranger.body.error.details).toContain("A payment is in progress for this link");
    }
    // The page of a stranger says a payment is in progress, and shows nothing of the customer's attempt.
    const seenByStranger = await call("GET", `/test/api/checkout/${link.reference}`, { headers: customer() });
    expect(seenByStranger.body).toMatchObject({ status: "pending", attempt: null, paymentInProgress: true });
    const seenByCustomer = await call("GET", `/test/api/checkout/${link.reference}`, { headers: { ...customer(), cookie: cookieOf(mine) } });
    expect(seenByCustomer.body.attempt).toMatchObject({ reference: mine.body.attempt.reference, status: "pending" });
    expect(seenByCustomer.body.paymentInProgress).toBeUndefined();
    const attempts = await db().deposit.findMany({ where: { paymentLinkId: link.id } });
    expect(attempts).toHaveLength(1);
    expect(attempts[0].supersededAt).toBeNull();
    await decideSandboxRedirect(db(), { reference: mine.body.attempt.reference, decision: "approve" });
    expect((await readLink(link.reference)).status).toBe("completed");
  });

  it("the same checkout may replace its attempt; anyone may start once it is final", async () => {
    const link = await newLink();
    const first = await start(link.reference, { gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000222" });
    const again = await start(link.reference, { gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000222" }, { cookie: cookieOf(first) });
    expect(again.status).toBe(200);
    // The customer's attempt ends (nobody answered before its expiry): the link is open to anyone.
    await db().deposit.updateMany({ where: { paymentLinkId: link.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    const other = await start(link.reference, { gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000222" });
    expect(other.status).toBe(200);
  });

  it("two approved attempts: the first success pays the link, the other is a refund due outside the balance", async () => {
    const link = await newLink();
    const token = newCheckoutToken();
    // The customer opens the operator's page (REDIRECT), then switches to a push prompt (DIRECT).
    const redirect = await attemptWithoutTimer(link.reference, "+2250700000444", { gatewayName: "WAVE_CI", token });
    const direct = await attemptWithoutTimer(link.reference, "+2250700000444", { token });
    expect((await db().deposit.findUniqueOrThrow({ where: { id: redirect.id } })).supersededAt).not.toBeNull();
    // The phone approves the push prompt first...
    await runDueWork(db(), new Date(direct.createdAt.getTime() + sandboxAnswerDelayMs() + 10_000));
    expect(await readLink(link.reference)).toMatchObject({ status: "completed", gatewayName: "MTN_MOMO_CI" });
    // ...and then the customer approves on the operator's page too: recorded, never ignored.
    await decideSandboxRedirect(db(), { reference: redirect.reference, decision: "approve" });

    expect(await db().deposit.findUniqueOrThrow({ where: { id: redirect.id } })).toMatchObject({ status: "completed", refundDueReason: "link_already_paid" });
    expect((await db().paymentLink.findUniqueOrThrow({ where: { id: link.id } })).paidByDepositId).toBe(direct.id);
    const refund = await db().ledgerEntry.findMany({ where: { reference: redirect.reference }, orderBy: { account: "asc" } });
    expect(refund.map((e) => [e.kind, e.account, e.amountMinor])).toEqual([
      ["refund_due", "refunds_due", 5050n],
      ["refund_due", "world", -5050n],
    ]);
    expect(await balance()).toEqual([{ currency: "XOF", available: 5000, pending: 0 }]);
    expect((await events(link.reference)).map((e) => e.type)).toEqual(["payment_link.completed"]);
    const staff = await staffSession("support");
    // Support sees the refund it became among the refunds the platform owes.
    const seen = await call("GET", "/admin/api/refunds", { headers: { cookie: staff.cookie }, query: { merchantId: suite.merchant.id, source: "refund_due" } });
    expect(seen.body.items).toEqual([
      expect.objectContaining({ paymentReference: link.reference, reason: "link_already_paid", amountMinor: "5050", currency: "XOF", customerPhone: "+2250700000444" }),
    ]);
  });

  it("a replaced attempt approved first pays the link; the current one approved later is the refund", async () => {
    const link = await newLink();
    const token = newCheckoutToken();
    const redirect = await attemptWithoutTimer(link.reference, "+2250700000444", { gatewayName: "WAVE_CI", token });
    const direct = await attemptWithoutTimer(link.reference, "+2250700000444", { token });
    await decideSandboxRedirect(db(), { reference: redirect.reference, decision: "approve" });
    expect(await readLink(link.reference)).toMatchObject({ status: "completed", gatewayName: "WAVE_CI" });
    await runDueWork(db(), new Date(direct.createdAt.getTime() + sandboxAnswerDelayMs() + 10_000));
    expect(await db().deposit.findUniqueOrThrow({ where: { id: direct.id } })).toMatchObject({ status: "completed", refundDueReason: "link_already_paid" });
    expect(await balance()).toEqual([{ currency: "XOF", available: 5000, pending: 0 }]);
  });

  it("a replaced attempt declined later does not fail the link the customer is still paying", async () => {
    const link = await newLink();
    const token = newCheckoutToken();
    const redirect = await attemptWithoutTimer(link.reference, "+2250700000444", { gatewayName: "WAVE_CI", token });
    await attemptWithoutTimer(link.reference, "+2250700000222", { token });
    await decideSandboxRedirect(db(), { reference: redirect.reference, decision: "decline" });
    expect((await readLink(link.reference)).status).toBe("pending");
  });
});

describe("the reconciliation check", () => {
  it("finds a completed deposit without ledger entries, an operator's fee not booked, a link and attempt that disagree, and an unbalanced journal", async () => {
    const planted = await newMerchant();
    const other = suite.merchant;
    suite.merchant = planted;
    const link = await newLink();
    const attempt = await attemptWithoutTimer(link.reference, "+2250700000222");
    // What the bug of issue 14 left: the attempt completed, the link expired, nothing credited.
    await db().deposit.update({ where: { id: attempt.id }, data: { status: "completed", completedAt: new Date() } });
    await db().paymentLink.update({ where: { id: link.id }, data: { status: "expired", expiredAt: new Date() } });
    const deposit = await call("POST", "/test/api/v4/classic/deposit/initiate", {
      key: planted.sandboxKey,
      body: { amount: 700, currency: "XOF", customerPhone: "+2250700000222", country: "CI", gatewayName: "MTN_MOMO_CI" },
    });
    // Completed with an operator's charge that was never booked.
    await db().deposit.update({ where: { reference: deposit.body.reference }, data: { status: "completed", completedAt: new Date(), operatorFeeMinor: 7n } });
    await db().ledgerEntry.create({
      data: { id: "led_planted", journalId: "jnl_planted", merchantId: planted.id, environment: "sandbox", currency: "XOF", account: "merchant_available", amountMinor: 1n, kind: "planted", reference: "PLANTED", createdAt: new Date() },
    });

    const problems = await reconcile(db(), { merchantId: planted.id });
    expect(problems.map((p) => [p.kind, p.reference]).sort()).toEqual(
      [
        ["attempt_not_settled_on_link", attempt.reference],
        ["completed_deposit_without_ledger", deposit.body.reference],
        ["operator_fee_postings", deposit.body.reference],
        ["unbalanced_book", planted.id],
        ["unbalanced_journal", "PLANTED"],
      ].sort(),
    );
    // Support sees the same, beside what is open at the operators, in the support view's API (staff only).
    expect((await call("GET", "/admin/api/reconciliation")).status).toBe(401);
    const staff = await staffSession("support");
    const seen = await call("GET", "/admin/api/reconciliation", { headers: { cookie: staff.cookie } });
    expect(seen.status).toBe(200);
    expect(seen.body.ok).toBe(false);
    expect(seen.body.problems).toEqual(expect.arrayContaining([expect.objectContaining({ kind: "unbalanced_journal", reference: "PLANTED" })]));
    // Put the books back, so the suite's own checks hold.
    await db().ledgerEntry.delete({ where: { id: "led_planted" } });
    await db().deposit.updateMany({ where: { merchantId: planted.id }, data: { status: "failed", completedAt: null } });
    suite.merchant = other;
  });
});
