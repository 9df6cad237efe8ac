import { beforeAll, describe, expect, it } from "vitest";
import { findExactReference } from "@/lib/features/payments/find-exact-reference";
import { startLinkAttempt } from "@/lib/features/checkout/start-link-attempt";
import { newCheckoutToken } from "@/lib/features/checkout/checkout-session";
import { db } from "@/lib/core/db/client";
import { decideSandboxRedirect } from "@/lib/features/deposits/decide-sandbox-redirect";
import { applyGatewayOutcome } from "@/lib/features/deposits/sync-deposit-with-gateway";
import { sandboxAnswerDelayMs } from "@/lib/integrations/gateways/sandbox-simulator";
import { runDueWork, SANDBOX_TIMER_GRACE_MS } from "@/lib/features/jobs/run-due-work";
import { ACCOUNTS } from "@/lib/features/ledger/accounts";
import { postEntries } from "@/lib/features/ledger/post-entries";
import { readAvailableMinor } from "@/lib/features/ledger/read-balances";
import { createRefund } from "@/lib/features/refunds/create-refund";
import { call, ORIGIN } from "../helpers/api-client";
import { fundMerchant } from "../helpers/fund-merchant";
import { validDeposit, validLink } from "../helpers/fixtures";
import { merchantCheckedAfterEach } from "../helpers/reconciled";
import { staffSession, type StaffSession } from "../helpers/staff-session";
import { newFormToken } from "@/lib/core/domain/form-token";

// Refunds and the reconciliation in the support view (issue 26): the refunds table and a refund's
// page, support's actions on refunds (record one paid by hand, send a failed refund due again) and
// on a deposit held on its operator's other figures, and the list of what is still open at the
// operators. Any staff member reads; only an admin acts, with the session's CSRF token. Every
// test's merchant ends with books that reconcile.

const merchant = merchantCheckedAfterEach();
const CALLBACK = "https://hooks.invalid/refunds";
const UNKNOWN_REFUND = "RFD_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K";

let support: StaffSession;
let admin: StaffSession;
beforeAll(async () => {
  [support, admin] = [await staffSession("support"), await staffSession("admin")];
});

const read = (who: StaffSession, path: string, query?: Record<string, string>) => call("GET", path, { headers: { cookie: who.cookie }, query });
/** An action as the support view sends it: the CSRF token, and the one-time token its form drew (a new one unless `headers` gives one). */
const act = (who: StaffSession, path: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  call("POST", path, { body, headers: { cookie: who.cookie, "x-csrf-token": who.csrf, "idempotency-key": newFormToken(), ...headers } });
const refused = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
const audits = (targetId: string) => db().auditEntry.findMany({ where: { targetId }, orderBy: { createdAt: "asc" } });

async function paidLink(customerPhone = "+2250700000444") {
  const res = await call("POST", "/test/api/v4/payments/link", { key: merchant().sandboxKey, body: { ...validLink, callbackUrl: CALLBACK } });
  expect(res.status).toBe(200);
  const token = newCheckoutToken();
  const attempt = await startLinkAttempt(db(), { reference: res.body.reference, environment: "sandbox", gatewayName: "MTN_MOMO_CI", country: "CI", customerPhone, origin: ORIGIN, checkoutToken: token });
  await runDueWork(db(), new Date(attempt.createdAt.getTime() + sandboxAnswerDelayMs() + SANDBOX_TIMER_GRACE_MS + 10));
  return { reference: res.body.reference as string, attempt, token };
}

const apiRefund = async (body: Record<string, unknown>) => {
  const res = await call("POST", "/test/api/v4/refunds", { key: merchant().sandboxKey, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.reference as string;
};

/** The sandbox answers every refund due by then, as the runner would. */
const answerRefunds = () => runDueWork(db(), new Date(Date.now() + sandboxAnswerDelayMs() + 1_000));

/** A sandbox DIRECT deposit whose simulated phone never answers: it waits for what a test says its operator answered. */
async function waitingDeposit() {
  const res = await call("POST", "/test/api/v4/classic/deposit/initiate", { key: merchant().sandboxKey, body: { ...validDeposit, customerPhone: "+2250700000222", callbackUrl: CALLBACK } });
  expect(res.status).toBe(200);
  return db().deposit.findUniqueOrThrow({ where: { reference: res.body.reference } });
}

/**
 * A completed live payment through Orange Money Senegal, which offers no refund we can call: its
 * refunds are support's to pay by hand. Made from a waiting sandbox row moved live, credited as
 * a completed deposit is (the live operators need their fakes; the refund path does not).
 */
async function liveOrangePayment() {
  const waiting = await waitingDeposit();
  const deposit = await db().deposit.update({ where: { id: waiting.id }, data: { environment: "live", gatewayName: "ORANGE_MONEY_SN", country: "SN", status: "completed", completedAt: new Date() } });
  await db().$transaction((tx) =>
    postEntries(tx, {
      merchantId: deposit.merchantId,
      environment: "live",
      currency: "XOF",
      kind: "deposit_completed",
      reference: deposit.reference,
      lines: [
        [ACCOUNTS.world, -deposit.amountMinor],
        [ACCOUNTS.available, deposit.amountMinor],
      ],
    }),
  );
  return deposit;
}

const liveRefund = (paymentReference: string, amount: number) =>
  createRefund(db(), { merchantId: merchant().id, environment: "live", input: { paymentReference, amount }, requestedBy: "api" });

/** A link paid twice: the second customer (REDIRECT, approved after the link was paid) is owed a refund, which fails (sandbox: ...333). */
async function failedRefundDue() {
  const link = await call("POST", "/test/api/v4/payments/link", { key: merchant().sandboxKey, body: validLink });
  const token = newCheckoutToken();
  const start = (gatewayName: string, customerPhone: string) =>
    startLinkAttempt(db(), { reference: link.body.reference, environment: "sandbox", gatewayName, country: "CI", customerPhone, origin: ORIGIN, checkoutToken: token });
  const redirect = await start("WAVE_CI", "+2250700000333");
  const direct = await start("MTN_MOMO_CI", "+2250700000444");
  await runDueWork(db(), new Date(direct.createdAt.getTime() + sandboxAnswerDelayMs() + SANDBOX_TIMER_GRACE_MS + 10));
  await decideSandboxRedirect(db(), { reference: redirect.reference, decision: "approve" });
  const due = await db().refund.findFirstOrThrow({ where: { depositId: redirect.id } });
  await runDueWork(db(), new Date(due.dueAt!.getTime() + 10));
  expect(await db().refund.findUniqueOrThrow({ where: { id: due.id } })).toMatchObject({ status: "failed", failureReason: "recipient_account_blocked" });
  return { due, link: link.body.reference as string, redirect };
}

describe("access", () => {
  it("anyone signed in reads, only an admin acts, with the CSRF token; unknown references are 404 and other methods 400/40017", async () => {
    const { reference: link } = await paidLink();
    const refund = await apiRefund({ paymentReference: link, amount: 100 });
    const reads = ["/admin/api/refunds", `/admin/api/refunds/${refund}`, "/admin/api/reconciliation"];
    const actions: [string, Record<string, unknown>][] = [
      [`/admin/api/refunds/${refund}/record`, { outcome: "completed" }],
      [`/admin/api/refunds/${refund}/retry`, {}],
      [`/admin/api/payments/${link}/resolve-hold`, { decision: "fail" }],
    ];
    for (const path of [...reads, ...actions.map(([p]) => p)]) {
      const method = reads.includes(path) ? "GET" : "POST";
      expect([path, ...refused(await call(method, path, { body: method === "POST" ? {} : undefined }))]).toEqual([path, 401, 40002]);
      expect([path, ...refused(await call(method, path, { key: merchant().sandboxKey, body: method === "POST" ? {} : undefined }))]).toEqual([path, 401, 401]);
    }
    for (const who of [support, admin]) for (const path of reads) expect([path, (await read(who, path)).status]).toEqual([path, 200]);
    for (const [path, body] of actions) {
      expect([path, ...refused(await act(support, path, body))]).toEqual([path, 403, 40001]);
      expect([path, ...refused(await act(admin, path, body, { "x-csrf-token": support.csrf }))]).toEqual([path, 403, 40001]);
    }
    // Nothing was done by the refused calls.
    expect(await db().refund.count({ where: { merchantId: merchant().id } })).toBe(1);
    expect((await db().auditEntry.count({ where: { staffId: { in: [support.id, admin.id] }, targetId: { in: [refund, link] } } }))).toBe(0);

    expect(refused(await read(support, `/admin/api/refunds/${UNKNOWN_REFUND}`))).toEqual([404, 40004]);
    expect(refused(await act(admin, `/admin/api/refunds/${UNKNOWN_REFUND}/record`, { outcome: "failed" }))).toEqual([404, 40004]);
    expect(refused(await act(admin, `/admin/api/refunds/${UNKNOWN_REFUND}/retry`))).toEqual([404, 40004]);
    expect(refused(await act(admin, "/admin/api/payments/DEP_TEST_NOPE/resolve-hold", { decision: "complete" }))).toEqual([404, 40004]);
    expect(refused(await act(admin, `/admin/api/refunds/${refund}/record`, { outcome: "paid" }))).toEqual([400, 40023]);
    expect(refused(await act(admin, `/admin/api/payments/${link}/resolve-hold`, { decision: "complete", extra: 1 }))).toEqual([400, 40023]);
    const other = await call("DELETE", "/admin/api/refunds", { headers: { cookie: admin.cookie, "x-csrf-token": admin.csrf } });
    expect([...refused(other), other.headers.get("allow")]).toEqual([400, 40017, "GET"]);
    await answerRefunds();
  });
});

describe("the refunds table", () => {
  it("filters by merchant, status, source and environment, newest first, paginated by cursor", async () => {
    // The refund due first: settling it settles every sandbox refund due by then.
    const { due } = await failedRefundDue();
    const { reference: link } = await paidLink();
    const made: string[] = [];
    for (let i = 0; i < 26; i++) made.push(await apiRefund({ paymentReference: link, amount: 10 }));
    const list = (query: Record<string, string> = {}) => read(support, "/admin/api/refunds", { merchantId: merchant().id, ...query });
    const references = (res: { body: { items: { reference: string }[] } }) => res.body.items.map((r) => r.reference);

    const first = await list();
    expect(first.status).toBe(200);
    expect(references(first)).toEqual(made.slice(1).reverse());
    expect(first.body.items[0]).toMatchObject({
      kind: "refund",
      reference: made[25],
      merchantId: merchant().id,
      merchant: merchant().name,
      environment: "sandbox",
      status: "pending",
      source: "merchant",
      method: "simulated",
      paymentReference: link,
      gatewayName: "MTN_MOMO_CI",
      currency: "XOF",
      amountMinor: "10",
      customerPhone: "+2250700000444",
      failureReason: null,
    });
    const second = await list({ cursor: first.body.nextCursor });
    expect([references(second), second.body.nextCursor]).toEqual([[made[0], due.reference], null]);

    expect(references(await list({ source: "refund_due" }))).toEqual([due.reference]);
    expect((await list({ source: "refund_due" })).body.items[0]).toMatchObject({ status: "failed", failureReason: "recipient_account_blocked", reason: "link_already_paid", amountMinor: String(due.amountMinor) });
    expect(references(await list({ status: "failed" }))).toEqual([due.reference]);
    expect(references(await list({ status: "pending", source: "merchant" }))).toEqual(made.slice(1).reverse());
    expect((await list({ environment: "live" })).body.items).toEqual([]);
    expect(refused(await list({ status: "expired" }))).toEqual([400, 40023]);
    expect(refused(await list({ source: "anyone" }))).toEqual([400, 40023]);

    await answerRefunds();
    expect(references(await list({ status: "completed" }))).toEqual(made.slice(1).reverse());
  });
});

describe("a refund's page", () => {
  it("shows its money, how it goes back and what its operator said, its payment, ledger entries and webhook", async () => {
    const { reference: link, attempt } = await paidLink();
    const reference = await apiRefund({ paymentReference: link, amount: 1500, reason: "Order cancelled" });
    const pending = await read(support, `/admin/api/refunds/${reference}`);
    expect(pending.status).toBe(200);
    expect(pending.body.refund).toMatchObject({ status: "pending", recordableByHand: false, retryable: false, sendAttempts: 0, operatorSentAt: null });
    expect(pending.body.refund.dueAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/);
    await answerRefunds();

    const res = await read(support, `/admin/api/refunds/${reference}`);
    expect(res.body).toMatchObject({ kind: "refund", environment: "sandbox", merchant: { id: merchant().id, name: merchant().name } });
    expect(res.body.refund).toMatchObject({
      reference,
      status: "completed",
      source: "merchant",
      reason: "Order cancelled",
      method: "simulated",
      currency: "XOF",
      amountMinor: "1500",
      requestedBy: "api",
      requestedByEmail: null,
      customerPhone: "+2250700000444",
      gatewayName: "MTN_MOMO_CI",
      callbackUrl: CALLBACK,
      operatorRequestId: null,
      operatorReference: null,
      operatorAnswer: null,
      operatorCheckedAt: null,
      sendAttempts: 0,
      dueAt: null,
      failureReason: null,
      recordableByHand: false,
      retryable: false,
    });
    expect(res.body.payment).toMatchObject({ reference: link, depositReference: attempt.reference, linkReference: link, status: "completed", currency: "XOF", amountMinor: String(attempt.amountMinor), feesMinor: String(attempt.feesMinor) });
    // Held out of the balance when asked for, then sent to the customer.
    expect(res.body.ledger.map((e: { kind: string; account: string; amountMinor: string }) => [e.kind, e.account, e.amountMinor])).toEqual([
      ["refund_requested", ACCOUNTS.available, "-1500"],
      ["refund_requested", ACCOUNTS.inFlight, "1500"],
      ["refund_completed", ACCOUNTS.inFlight, "-1500"],
      ["refund_completed", ACCOUNTS.world, "1500"],
    ]);
    expect(res.body.webhooks).toMatchObject([{ eventType: "refund.completed", reference, url: CALLBACK }]);
    // The search box opens it by its exact reference, in any case; a live search does not.
    expect(await findExactReference(db(), ` ${reference.toLowerCase()} `)).toBe(`/admin/refunds/${reference}`);
    expect(await findExactReference(db(), reference, "live")).toBeNull();
    expect(await findExactReference(db(), UNKNOWN_REFUND)).toBeNull();
  });
});

describe("a refund paid back by hand", () => {
  it("an admin records it completed (with the operator's reference) or failed (the amount back to the balance), audited; only a refund waiting for support", async () => {
    const payment = await liveOrangePayment();
    const paidByHand = await liveRefund(payment.reference, 2000);
    const notPaid = await liveRefund(payment.reference, 1000);
    expect(paidByHand).toMatchObject({ environment: "live", method: "manual", status: "pending", dueAt: null });
    const available = () => readAvailableMinor(db(), merchant().id, "live", "XOF");
    expect(await available()).toBe(payment.amountMinor - 3000n);
    const page = await read(support, `/admin/api/refunds/${paidByHand.reference}`);
    expect(page.body.refund).toMatchObject({ recordableByHand: true, operatorAnswer: "to be paid back by hand: the operator offers no refund we can call" });

    const completed = await act(admin, `/admin/api/refunds/${paidByHand.reference}/record`, { outcome: "completed", operatorReference: "OM-TX-42", note: "paid from the float" });
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ reference: paidByHand.reference, status: "completed", amount: 2000 });
    expect(await db().refund.findUniqueOrThrow({ where: { id: paidByHand.id } })).toMatchObject({ status: "completed", operatorReference: "OM-TX-42" });
    const failed = await act(admin, `/admin/api/refunds/${notPaid.reference}/record`, { outcome: "failed", note: "number closed" });
    expect(failed.body).toMatchObject({ status: "failed", failureReason: "refused_by_platform: number closed" });
    expect(await available()).toBe(payment.amountMinor - 2000n);
    expect((await audits(paidByHand.reference)).map((a) => [a.action, a.staffId, a.details])).toEqual([
      ["refund.recorded_completed", admin.id, { operatorReference: "OM-TX-42", note: "paid from the float" }],
    ]);
    expect((await audits(notPaid.reference)).map((a) => a.action)).toEqual(["refund.recorded_failed"]);

    // Recorded once; a refund its operator (here the sandbox) still answers is not support's to record.
    expect(refused(await act(admin, `/admin/api/refunds/${paidByHand.reference}/record`, { outcome: "failed" }))).toEqual([409, 40020]);
    const { reference: link } = await paidLink();
    const simulated = await apiRefund({ paymentReference: link, amount: 100 });
    expect(refused(await act(admin, `/admin/api/refunds/${simulated}/record`, { outcome: "completed" }))).toEqual([409, 40020]);
    await answerRefunds();
  });
});

describe("a failed refund the platform owes", () => {
  it("an admin sends it again: a new refund of the same money, audited; refused twice, or for a merchant's refund", async () => {
    const { due, link } = await failedRefundDue();
    const before = await read(support, `/admin/api/refunds/${due.reference}`);
    expect(before.body.refund).toMatchObject({ retryable: true, recordableByHand: false, source: "refund_due", reason: "link_already_paid" });
    const open = async () => (await read(support, "/admin/api/reconciliation")).body.open.filter((o: { merchantId: string }) => o.merchantId === merchant().id);
    expect(await open()).toMatchObject([{ kind: "refund", reference: due.reference, state: "refund_failed", status: "failed", operatorAnswer: "recipient_account_blocked", merchant: merchant().name }]);

    const again = await act(admin, `/admin/api/refunds/${due.reference}/retry`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: "pending", source: "refund_due", paymentReference: link, amount: Number(due.amountMinor) });
    expect(again.body.reference).not.toBe(due.reference);
    expect(await db().refund.findUniqueOrThrow({ where: { reference: again.body.reference } })).toMatchObject({ requestedBy: `support:${admin.id}`, amountMinor: due.amountMinor });
    expect((await audits(due.reference)).map((a) => [a.action, a.details])).toEqual([["refund.retried", { newReference: again.body.reference }]]);
    // On its way: no longer support's to act on, and not sent a third time.
    expect((await read(support, `/admin/api/refunds/${due.reference}`)).body.refund.retryable).toBe(false);
    expect(await open()).toEqual([]);
    expect(refused(await act(admin, `/admin/api/refunds/${due.reference}/retry`))).toEqual([409, 40020]);
    const { reference: paid } = await paidLink();
    const merchants = await apiRefund({ paymentReference: paid, amount: 100 });
    expect(refused(await act(admin, `/admin/api/refunds/${merchants}/retry`))).toEqual([409, 40020]);
    await answerRefunds();
  });
});

describe("support's forms sent twice with their one token (issue 46)", () => {
  it("'send again', twice then three times at once: one new refund each time, sent once; every answer is that refund", async () => {
    const { due } = await failedRefundDue();
    const token = { "idempotency-key": newFormToken() };
    const first = await act(admin, `/admin/api/refunds/${due.reference}/retry`, {}, token);
    expect([first.status, first.body.status]).toEqual([200, "pending"]);
    const second = await act(admin, `/admin/api/refunds/${due.reference}/retry`, {}, token);
    expect([second.status, second.body, second.headers.get("idempotent-replayed")]).toEqual([200, first.body, "true"]);
    const owed = () => db().refund.findMany({ where: { depositId: due.depositId }, orderBy: { createdAt: "asc" } });
    expect((await owed()).map((r) => r.reference)).toEqual([due.reference, first.body.reference]);
    expect((await audits(due.reference)).map((a) => a.action)).toEqual(["refund.retried"]);

    // It fails again (the sandbox's ...333 cannot receive); then three posts of the next form at once.
    await answerRefunds();
    const failedAgain = await db().refund.findUniqueOrThrow({ where: { reference: first.body.reference } });
    expect(failedAgain.status).toBe("failed");
    const again = { "idempotency-key": newFormToken() };
    const answers = await Promise.all([1, 2, 3].map(() => act(admin, `/admin/api/refunds/${failedAgain.reference}/retry`, {}, again)));
    // The later posts wait for the first and answer what it made.
    expect(answers.map((a) => a.status), JSON.stringify(answers.map((a) => a.body))).toEqual([200, 200, 200]);
    for (const a of answers) expect(a.body).toEqual(answers[0].body);
    expect((await owed()).map((r) => r.reference)).toEqual([due.reference, first.body.reference, answers[0].body.reference]);
    expect(await db().auditEntry.count({ where: { targetId: failedAgain.reference, action: "refund.retried" } })).toBe(1);
    await answerRefunds();
    // Each answered once by the sandbox's operator (...333 cannot receive): nothing left on its way.
    expect((await owed()).map((r) => r.status)).toEqual(["failed", "failed", "failed"]);
  });

  it("'recorded by hand' and a hold's decision, twice with one token: done once, the second answer the first's", async () => {
    const payment = await liveOrangePayment();
    const byHand = await liveRefund(payment.reference, 1000);
    const token = { "idempotency-key": newFormToken() };
    const body = { outcome: "failed", note: "number closed" };
    const first = await act(admin, `/admin/api/refunds/${byHand.reference}/record`, body, token);
    expect([first.status, first.body.status]).toEqual([200, "failed"]);
    expect(await act(admin, `/admin/api/refunds/${byHand.reference}/record`, body, token)).toMatchObject({ status: 200, body: first.body });
    expect(refused(await act(admin, `/admin/api/refunds/${byHand.reference}/record`, { outcome: "completed" }, token))).toEqual([422, 40020]);
    expect((await audits(byHand.reference)).map((a) => a.action)).toEqual(["refund.recorded_failed"]);
    expect(await readAvailableMinor(db(), merchant().id, "live", "XOF")).toBe(payment.amountMinor);

    const deposit = await waitingDeposit();
    await applyGatewayOutcome(db(), deposit, { status: "completed", amountMinor: 300n, currency: "XOF", operatorReference: "FT-2", said: "SUCCESSFUL" });
    const hold = { "idempotency-key": newFormToken() };
    const answers = await Promise.all([1, 2].map(() => act(admin, `/admin/api/payments/${deposit.reference}/resolve-hold`, { decision: "fail" }, hold)));
    expect(answers.map((a) => a.status), JSON.stringify(answers.map((a) => a.body))).toEqual([200, 200]);
    expect(answers[1].body).toEqual(answers[0].body);
    expect(await db().refund.count({ where: { depositId: deposit.id } })).toBe(1);
    expect((await audits(deposit.id)).map((a) => a.action)).toEqual(["deposit.hold_failed"]);
    await answerRefunds();
  });

  it("without a token, or with one not drawn by us: 400/40023 naming it, nothing done", async () => {
    const { due } = await failedRefundDue();
    for (const bad of [{}, { "idempotency-key": "retry-1" }, { "idempotency-key": "0".repeat(64) }] as Record<string, string>[]) {
      const headers = { cookie: admin.cookie, "x-csrf-token": admin.csrf, ...bad };
      const res = await call("POST", `/admin/api/refunds/${due.reference}/retry`, { body: {}, headers });
      expect([...refused(res), res.body.error.details], JSON.stringify(bad)).toEqual([400, 40023, expect.stringMatching(/Idempotency-Key/)]);
    }
    expect(await db().refund.count({ where: { depositId: due.depositId } })).toBe(1);
    expect(await audits(due.reference)).toEqual([]);
  });
});

describe("a deposit held on its operator's other figures", () => {
  it("shows the hold on the payment's page; an admin fails it and refunds what the operator took, or completes it; decided once", async () => {
    const deposit = await waitingDeposit();
    await applyGatewayOutcome(db(), deposit, { status: "completed", amountMinor: 300n, currency: "XOF", operatorReference: "FT-1", said: "SUCCESSFUL" });
    const page = await read(support, `/admin/api/payments/${deposit.reference}`);
    expect(page.body.payment.hold).toMatchObject({ reason: "amount_mismatch", ourAmount: Number(deposit.amountMinor + deposit.feesMinor), ourCurrency: "XOF", operatorAmount: 300, operatorCurrency: "XOF" });
    expect(page.body.payment.hold.heldAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(page.body.refunds).toEqual([]);

    const failed = await act(admin, `/admin/api/payments/${deposit.reference}/resolve-hold`, { decision: "fail", note: "statement shows 300" });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ reference: deposit.reference, status: "failed", failureReason: "amount_mismatch" });
    const after = await read(support, `/admin/api/payments/${deposit.reference}`);
    expect(after.body.payment.hold).toBeNull();
    expect(after.body.refunds).toMatchObject([{ source: "refund_due", status: "pending", amountMinor: "300", currency: "XOF", method: "simulated", reason: "amount_mismatch", failureReason: null }]);
    expect((await audits(deposit.id)).map((a) => a.action)).toEqual(["deposit.hold_failed"]);
    expect(refused(await act(admin, `/admin/api/payments/${deposit.reference}/resolve-hold`, { decision: "complete" }))).toEqual([409, 40020]);

    const other = await waitingDeposit();
    await applyGatewayOutcome(db(), other, { status: "completed", amountMinor: 2n, currency: "XOF" });
    const completed = await act(admin, `/admin/api/payments/${other.reference}/resolve-hold`, { decision: "complete" });
    expect(completed.body).toMatchObject({ reference: other.reference, status: "completed" });
    expect(refused(await act(admin, `/admin/api/payments/${other.reference}/resolve-hold`, { decision: "fail" }))).toEqual([409, 40020]);
    await answerRefunds();
  });
});

describe("the reconciliation", () => {
  it("lists what is open at the operators, with the operator's last answer and the next read, beside the books' check", async () => {
    // A live deposit still read at its operator, one held on other figures, a refund waiting for support.
    const followed = await waitingDeposit();
    const checkedAt = new Date(Date.now() - 60_000);
    const nextCheckAt = new Date(Date.now() + 3_600_000);
    await db().deposit.update({
      where: { id: followed.id },
      data: { environment: "live", followUntil: new Date(Date.now() + 72 * 3_600_000), nextCheckAt, operatorAnswer: "PENDING", operatorCheckedAt: checkedAt, lastTryFailure: "insufficient_funds" },
    });
    const held = await waitingDeposit();
    await applyGatewayOutcome(db(), held, { status: "completed", amountMinor: 1n, currency: "XOF" });
    await db().deposit.update({ where: { id: held.id }, data: { environment: "live" } });
    const payment = await liveOrangePayment();
    const manual = await liveRefund(payment.reference, 500);

    const res = await read(support, "/admin/api/reconciliation");
    expect(res.status).toBe(200);
    expect(typeof res.body.ok).toBe("boolean");
    expect(Array.isArray(res.body.problems)).toBe(true);
    expect(res.body.refundsDue).toBeUndefined();
    const mine = res.body.open.filter((o: { merchantId: string }) => o.merchantId === merchant().id);
    const of = (reference: string) => mine.find((o: { reference: string }) => o.reference === reference);
    expect(of(followed.reference)).toMatchObject({
      kind: "deposit",
      merchant: merchant().name,
      environment: "live",
      state: "pending_at_operator",
      status: "pending",
      gatewayName: "MTN_MOMO_CI",
      amount: Number(followed.amountMinor + followed.feesMinor),
      currency: "XOF",
      operatorAnswer: "PENDING",
      operatorCheckedAt: checkedAt.toISOString(),
      nextCheckAt: nextCheckAt.toISOString(),
      heldReason: null,
    });
    expect(of(followed.reference).createdAt).toBe(followed.createdAt.toISOString());
    expect(of(followed.reference).ageSeconds).toBeGreaterThanOrEqual(0);
    expect(of(held.reference)).toMatchObject({ state: "held", heldReason: "amount_mismatch", operatorFigures: "1 XOF", nextCheckAt: null });
    expect(of(manual.reference)).toMatchObject({ kind: "refund", state: "awaiting_support", status: "pending", gatewayName: "ORANGE_MONEY_SN", amount: 500, nextCheckAt: null });

    // The payment's page shows the same follow-up.
    const detail = await read(support, `/admin/api/payments/${followed.reference}`);
    expect(detail.body.payment.followUp).toMatchObject({ operatorAnswer: "PENDING", operatorCheckedAt: expect.stringMatching(/^\d{4}-/), nextCheckAt: expect.stringMatching(/^\d{4}-/), lastTryFailure: "insufficient_funds" });
    expect(detail.body.payment.hold).toBeNull();
    // A held one is read no more: what its operator said stays, with no next read.
    expect((await read(support, `/admin/api/payments/${held.reference}`)).body.payment.followUp).toMatchObject({ operatorAnswer: "amount mismatch: operator 1 XOF, ours 5075 XOF", nextCheckAt: null });

    // Put the rows back where the rest of the file's due work leaves them alone.
    await db().deposit.updateMany({ where: { id: { in: [followed.id, held.id] } }, data: { environment: "sandbox", followUntil: null, nextCheckAt: null } });
    await act(admin, `/admin/api/refunds/${manual.reference}/record`, { outcome: "completed" });
  });
});

describe("a transfer's page", () => {
  it("shows when its operator was sent it, how many times, and what it last said", async () => {
    await fundMerchant(merchant().sandboxKey, [5000]);
    const res = await call("POST", "/test/api/v4/transfers/instant", {
      key: merchant().sandboxKey,
      body: { amount: 1000, currency: "XOF", gatewayName: "TMONEY_TG", beneficiaryPhone: "+22890000444", country: "TG" },
    });
    const reference = res.body.reference as string;
    const page = async () => (await read(support, `/admin/api/transfers/${reference}`)).body.transfer;
    expect(await page()).toMatchObject({ operatorSentAt: null, sendAttempts: 0, operatorAnswer: null, operatorCheckedAt: null, handedOverAt: null });
    const at = new Date("2026-11-20T10:00:00.123Z");
    await db().transfer.update({ where: { reference }, data: { operatorSentAt: at, sendAttempts: 2, operatorAnswer: "timeout", operatorCheckedAt: at, handedOverAt: at } });
    expect(await page()).toMatchObject({ operatorSentAt: "2026-11-20T10:00:00.123", sendAttempts: 2, operatorAnswer: "timeout", operatorCheckedAt: "2026-11-20T10:00:00.123", handedOverAt: "2026-11-20T10:00:00.123" });
    expect((await act(admin, `/admin/api/transfers/${reference}/reject`)).status).toBe(200);
  });
});
