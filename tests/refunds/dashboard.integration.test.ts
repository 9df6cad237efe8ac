import { randomUUID } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { refundPaymentAction } from "@/app/dashboard/(app)/refund-payment-action";
import { PaymentRefunds } from "@/components/dashboard/payment-refunds";
import { can } from "@/lib/features/auth/member-permissions";
import type { MemberRole } from "@/lib/features/auth/session-member";
import { startLinkAttempt } from "@/lib/features/checkout/start-link-attempt";
import { newCheckoutToken } from "@/lib/features/checkout/checkout-session";
import { requestTransferFromForm } from "@/lib/features/transfers/balance-and-transfers";
import { createLinkFromForm } from "@/lib/surfaces/dashboard/create-link-from-form";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { getDepositDetail } from "@/lib/features/deposits/get-deposit-detail";
import { getPaymentLinkDetail } from "@/lib/features/payments/get-payment-link-detail";
import { db } from "@/lib/core/db/client";
import { decideSandboxRedirect } from "@/lib/features/deposits/decide-sandbox-redirect";
import { sandboxAnswerDelayMs } from "@/lib/integrations/gateways/sandbox-simulator";
import { ENVIRONMENT_HEADER } from "@/lib/core/request/environment-header";
import { runDueWork, SANDBOX_TIMER_GRACE_MS } from "@/lib/features/jobs/run-due-work";
import { readAvailableMinor } from "@/lib/features/ledger/read-balances";
import { reconcileOperatorOutcomes } from "@/lib/features/reconciliation/reconcile-operator-outcomes";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import { ORIGIN } from "../helpers/api-client";
import { newKey } from "../helpers/fixtures";
import { fundMerchant } from "../helpers/fund-merchant";
import { signedUpMerchant } from "../helpers/auth-session";
import { expectReconciled } from "../helpers/reconciled";
import { startMtnMomoFake, type MtnMomoFake } from "../fakes/mtn-momo-fake";
import { mtnMomoFakeEnv } from "../fakes/start-operator-fakes";
import { nextRequest } from "../helpers/next-request";
import { FORM_TOKEN_FIELD, newFormToken } from "@/lib/core/domain/form-token";

// The dashboard's refund (issue 26): the server action of a paid link's and a completed deposit's
// pages, run as Next runs it, with the request's session cookie, the sandbox's environment header
// and the page's language (next/headers, next/cache and next-intl's server API stand in for the
// request Next would give it). It goes through the API's createRefund: same limits, same rules.

vi.mock("next/headers", async () => (await import("../helpers/next-request")).nextHeaders);
// The action re-renders the page it was posted from; there is no page here.
vi.mock("next/cache", async () => (await import("../helpers/next-request")).nextCache);
vi.mock("next-intl/server", async () => (await import("../helpers/next-request")).nextIntlServer());

const CALLBACK = "https://hooks.invalid/links";

type Person = { userId: string; cookie: string };

/** A signed-up owner and the merchant sign-up opened for them. */
async function owner(businessName: string): Promise<Person & { merchantId: string }> {
  const { browser, email } = await signedUpMerchant({ businessName });
  const user = await db().user.findUniqueOrThrow({ where: { email }, include: { members: true } });
  return { userId: user.id, cookie: browser.cookieHeader(), merchantId: user.members[0].organizationId };
}

/** A signed-in user made a member of `merchantId` with `role`, their session on that merchant. */
async function memberOf(merchantId: string, role: MemberRole): Promise<Person> {
  const { browser, email } = await signedUpMerchant({ businessName: `Own shop of a ${role}` });
  const user = await db().user.findUniqueOrThrow({ where: { email } });
  await db().member.create({ data: { id: randomUUID(), organizationId: merchantId, userId: user.id, role, createdAt: new Date() } });
  await db().session.updateMany({ where: { userId: user.id }, data: { activeOrganizationId: merchantId } });
  return { userId: user.id, cookie: browser.cookieHeader() };
}

/**
 * The action as the link page's form posts it, by `who`, on the sandbox (or live) dashboard, in
 * `locale`: with the one-time token the page drew for the form (a new one unless `fields` names it;
 * `undefined` there leaves the field out).
 */
async function refund(who: Person, fields: Record<string, string | undefined>, locale: "en" | "fr" = "en", environment: "sandbox" | "live" = "sandbox") {
  nextRequest.headers = new Headers({ cookie: who.cookie, [ENVIRONMENT_HEADER]: environment, host: new URL(ORIGIN).host, origin: ORIGIN });
  nextRequest.locale = locale;
  const form = new FormData();
  const sent = FORM_TOKEN_FIELD in fields ? fields : { ...fields, [FORM_TOKEN_FIELD]: newFormToken() };
  for (const [name, value] of Object.entries(sent)) if (value !== undefined) form.set(name, value);
  return refundPaymentAction(null, form);
}

let a: Awaited<ReturnType<typeof owner>>;
let b: Awaited<ReturnType<typeof owner>>;
let scope: MerchantScope;
const available = () => readAvailableMinor(db(), a.merchantId, "sandbox", "XOF");

/** A sandbox link of merchant A paid through the checkout, settled as the runner would. */
async function paidLink(customerPhone = "+2250700000444", token = newCheckoutToken()) {
  const link = await createLinkFromForm(db(), scope, { amount: "5000", currency: "XOF", description: "Birthday cake" });
  const attempt = await startLinkAttempt(db(), { reference: link.reference, environment: "sandbox", gatewayName: "MTN_MOMO_CI", country: "CI", customerPhone, origin: ORIGIN, checkoutToken: token });
  await runDueWork(db(), new Date(attempt.createdAt.getTime() + sandboxAnswerDelayMs() + SANDBOX_TIMER_GRACE_MS + 10));
  return { reference: link.reference, attempt, token };
}

/** The sandbox answers the refunds due by then (completed; ...333 cannot receive). */
const answerRefunds = () => runDueWork(db(), new Date(Date.now() + sandboxAnswerDelayMs() + 1_000));

beforeAll(async () => {
  [a, b] = [await owner("Refunding shop"), await owner("Other shop")];
  scope = { merchantId: a.merchantId, environment: "sandbox" };
});

describe("the refund form of a paid link", () => {
  it("an owner refunds part of it: held from the available balance at once, completed after the sandbox's delay, listed on the page", async () => {
    const { reference } = await paidLink();
    const before = await available();
    const page = await getPaymentLinkDetail(db(), scope, reference, ORIGIN);
    expect(page.refundable).toMatchObject({ paymentReference: reference, amountMinor: 5000n, currency: "XOF", customerPhone: "+2250700000444", gatewayName: "MTN_MOMO_CI" });
    expect(page.refunds).toEqual([]);

    const state = await refund(a, { paymentReference: reference, amount: "1000", reason: "Cake not delivered" });
    const made = /RFD_TEST_[0-9A-Z]{26}/.exec(state?.message ?? "")?.[0];
    expect(state).toEqual({ message: `Refund ${made} requested: follow its status below.` });
    const row = await db().refund.findUniqueOrThrow({ where: { reference: made } });
    expect(row).toMatchObject({ merchantId: a.merchantId, environment: "sandbox", paymentReference: reference, source: "merchant", status: "pending", amountMinor: 1000n, reason: "Cake not delivered", requestedBy: `dashboard:${a.userId}` });
    expect(await available()).toBe(before - 1000n);
    const pending = await getPaymentLinkDetail(db(), scope, reference, ORIGIN);
    expect(pending.refundable?.amountMinor).toBe(4000n);
    expect(pending.refunds.map((r) => [r.reference, r.status])).toEqual([[made, "pending"]]);

    await answerRefunds();
    const done = await getPaymentLinkDetail(db(), scope, reference, ORIGIN);
    expect(done.refunds.map((r) => [r.reference, r.status])).toEqual([[made, "completed"]]);
    expect(await available()).toBe(before - 1000n);
    // What the page shows: the refund, and the form prefilled with what is left.
    const html = renderToStaticMarkup(await PaymentRefunds({ ...done, refund: refundPaymentAction, timeZone: "UTC" }));
    expect(html).toContain(made);
    expect(html).toContain("Can still be refunded: 4,000\u00a0F\u00a0CFA.");
    expect(html).toMatch(/name="amount"[^>]*value="4000"/);
    expect(html).toContain("from the dashboard");
    await expectReconciled(a.merchantId);
  });

  it("refuses, in the page's language, more than can still be refunded, more than the available balance, and a payment refunded in full", async () => {
    const { reference } = await paidLink();
    expect(await refund(a, { paymentReference: reference, amount: "5001" })).toMatchObject({ error: en.dashboard.refunds.errors.amount });
    expect(await refund(a, { paymentReference: reference, amount: "5001" }, "fr")).toMatchObject({ error: fr.dashboard.refunds.errors.amount });
    expect(await refund(a, { paymentReference: reference, amount: "12,5" })).toMatchObject({ error: en.dashboard.refunds.errors.amount });
    expect(await refund(a, { paymentReference: reference, amount: "cinq" })).toMatchObject({ error: en.dashboard.refunds.errors.amount });

    // Paid out meanwhile (a payout still in flight): the balance no longer covers the refund.
    const free = await available();
    // The payout's fees (at most 2 %) come on top of its amount: about 1,500 XOF stay available.
    await requestTransferFromForm(db(), scope, { amount: String(((free - 1500n) * 100n) / 102n), currency: "XOF", gatewayName: "MTN_MOMO_CI", country: "CI", beneficiaryPhone: "+2250700000555" });
    expect(await available()).toBeLessThan(2000n);
    expect(await refund(a, { paymentReference: reference, amount: "2000" }, "fr")).toMatchObject({ error: fr.dashboard.refunds.errors.balance });

    const rest = await refund(a, { paymentReference: reference, amount: String(await available()) });
    expect(rest?.message).toMatch(/^Refund RFD_TEST_/);
    const other = await paidLink();
    expect((await refund(a, { paymentReference: other.reference, amount: "5000" }))?.message).toMatch(/^Refund RFD_TEST_/);
    expect(await refund(a, { paymentReference: other.reference, amount: "1" })).toMatchObject({ error: en.dashboard.refunds.errors.notRefundable });
    const unpaid = await createLinkFromForm(db(), scope, { amount: "700", currency: "XOF", description: "Not paid yet" });
    expect(await refund(a, { paymentReference: unpaid.reference, amount: "700" })).toMatchObject({ error: en.dashboard.refunds.errors.notRefundable });
    expect((await getPaymentLinkDetail(db(), scope, unpaid.reference, ORIGIN)).refundable).toBeNull();
    await answerRefunds();
    await expectReconciled(a.merchantId);
  });

  it("another merchant's link is not found, and nothing is refunded", async () => {
    const { reference } = await paidLink();
    expect(await refund(b, { paymentReference: reference, amount: "1000" })).toMatchObject({ error: en.dashboard.refunds.errors.notFound });
    expect(await refund(b, { paymentReference: reference, amount: "1000" }, "fr")).toMatchObject({ error: fr.dashboard.refunds.errors.notFound });
    expect(await db().refund.count({ where: { paymentReference: reference } })).toBe(0);
  });
});

describe("the refund form sent twice with its one token (issue 46)", () => {
  const refundsOf = (reference: string) => db().refund.findMany({ where: { paymentReference: reference }, orderBy: { createdAt: "asc" } });
  const requested = (reference: string, locale: "en" | "fr" = "en") => ({ message: { en, fr }[locale].dashboard.refunds.requested.replace("{reference}", reference) });

  it("one after the other (a double tap, back then confirm again): one refund, each post shows its reference", async () => {
    const { reference } = await paidLink();
    const before = await available();
    const fields = { paymentReference: reference, amount: "1 000", reason: "Cake not delivered", [FORM_TOKEN_FIELD]: newFormToken() };
    const first = await refund(a, fields);
    const [made] = await refundsOf(reference);
    expect(first).toEqual(requested(made.reference));
    expect(await refund(a, fields)).toEqual(first);
    expect(await refund(a, fields, "fr")).toEqual(requested(made.reference, "fr"));
    expect((await refundsOf(reference)).map((r) => r.reference)).toEqual([made.reference]);
    expect(await available()).toBe(before - 1000n);
    await answerRefunds();
    await expectReconciled(a.merchantId);
  });

  it("at the same instant: one refund; each post shows it or says it is on its way", async () => {
    const { reference } = await paidLink();
    const fields = { paymentReference: reference, amount: "700", [FORM_TOKEN_FIELD]: newFormToken() };
    const states = await Promise.all([refund(a, fields), refund(a, fields), refund(a, fields)]);
    const made = await refundsOf(reference);
    expect(made, JSON.stringify(states)).toHaveLength(1);
    const onItsWay = { error: en.apiErrors.hints.formInProgress, code: 40020 };
    for (const state of states) expect([requested(made[0].reference), onItsWay]).toContainEqual(state);
    expect(states).toContainEqual(requested(made[0].reference));
    await answerRefunds();
    await expectReconciled(a.merchantId);
  });

  it("the same token with other values, and a missing or foreign token: refused in the member's words, nothing more refunded", async () => {
    const { reference } = await paidLink();
    const token = newFormToken();
    const first = await refund(a, { paymentReference: reference, amount: "500", [FORM_TOKEN_FIELD]: token });
    expect(first?.message).toMatch(/^Refund RFD_TEST_/);
    for (const locale of ["en", "fr"] as const) {
      expect(await refund(a, { paymentReference: reference, amount: "600", [FORM_TOKEN_FIELD]: token }, locale)).toEqual({ error: { en, fr }[locale].apiErrors.hints.formReused, code: 40020 });
      for (const bad of [undefined, "", "0123", "Z".repeat(32)]) {
        expect(await refund(a, { paymentReference: reference, amount: "600", [FORM_TOKEN_FIELD]: bad }, locale), JSON.stringify(bad)).toEqual({ error: { en, fr }[locale].apiErrors.hints.formToken, code: 40023 });
      }
    }
    expect(await refundsOf(reference)).toHaveLength(1);
    await answerRefunds();
    await expectReconciled(a.merchantId);
  });

  it("the page draws the token into the form, a new one each time it is drawn", async () => {
    const { reference } = await paidLink();
    const page = await getPaymentLinkDetail(db(), scope, reference, ORIGIN);
    const tokens = [];
    for (let i = 0; i < 2; i++) {
      const html = renderToStaticMarkup(await PaymentRefunds({ ...page, refund: refundPaymentAction, timeZone: "UTC" }));
      tokens.push(new RegExp(`<input type="hidden" name="${FORM_TOKEN_FIELD}" value="([0-9a-f]{32})"/>`).exec(html)?.[1]);
    }
    expect(tokens[0]).toBeDefined();
    expect(tokens[1]).toBeDefined();
    expect(tokens[0]).not.toBe(tokens[1]);
  });
});

describe("who may refund", () => {
  it("an owner or an admin; a developer or a viewer sees no form and the action refuses them", async () => {
    expect((["owner", "admin", "developer", "viewer"] as const).map((role) => can(role, "refunds:create"))).toEqual([true, true, false, false]);
    const { reference } = await paidLink();
    for (const role of ["developer", "viewer"] as const) {
      const state = await refund(await memberOf(a.merchantId, role), { paymentReference: reference, amount: "1000" });
      // In the member's words (messages: apiErrors), the code kept for support and tests only.
      expect(state).toEqual({ error: en.apiErrors.codes["40001"], code: 40001 });
    }
    expect(await db().refund.count({ where: { paymentReference: reference } })).toBe(0);
    // The page gives them no action: the section lists refunds and what is left, with no form.
    const page = await getPaymentLinkDetail(db(), scope, reference, ORIGIN);
    const html = renderToStaticMarkup(await PaymentRefunds({ ...page, refund: undefined, timeZone: "UTC" }));
    expect(html).toContain("Can still be refunded: 5,000\u00a0F\u00a0CFA.");
    expect(html).not.toContain("<form");

    const admin = await memberOf(a.merchantId, "admin");
    const state = await refund(admin, { paymentReference: reference, amount: "500" });
    expect(state?.message).toMatch(/^Refund RFD_TEST_/);
    expect(await db().refund.findFirstOrThrow({ where: { paymentReference: reference } })).toMatchObject({ requestedBy: `dashboard:${admin.userId}` });
    await answerRefunds();
  });
});

describe("a deposit's page", () => {
  it("a completed API deposit is refunded by its reference; a link's attempt is not, and lists the refund the platform made on its own", async () => {
    const key = await newKey(a.merchantId, "sandbox");
    const [deposit] = await fundMerchant(key.key, [3000]);
    expect((await getDepositDetail(db(), scope, deposit)).refundable).toMatchObject({ paymentReference: deposit, amountMinor: 3000n });
    expect((await refund(a, { paymentReference: deposit, amount: "3000" }))?.message).toMatch(/^Refund RFD_TEST_/);
    const refunded = await getDepositDetail(db(), scope, deposit);
    expect([refunded.refundable?.amountMinor, refunded.refunds.map((r) => [r.source, r.amountMinor])]).toEqual([0n, [["merchant", 3000n]]]);
    const html = renderToStaticMarkup(await PaymentRefunds({ ...refunded, refund: refundPaymentAction, timeZone: "UTC" }));
    expect(html).toContain("Refunded in full: nothing is left to refund.");
    expect(html).not.toContain("<form");

    // A link paid twice: the second customer's money goes back on its own, and the link's webhooks tell of it.
    const token = newCheckoutToken();
    const link = await createLinkFromForm(db(), scope, { amount: "2000", currency: "XOF", description: "Paid twice", callbackUrl: CALLBACK });
    const start = (gatewayName: string, customerPhone: string) =>
      startLinkAttempt(db(), { reference: link.reference, environment: "sandbox", gatewayName, country: "CI", customerPhone, origin: ORIGIN, checkoutToken: token });
    const redirect = await start("WAVE_CI", "+2250700000666");
    const direct = await start("MTN_MOMO_CI", "+2250700000444");
    await runDueWork(db(), new Date(direct.createdAt.getTime() + sandboxAnswerDelayMs() + SANDBOX_TIMER_GRACE_MS + 10));
    await decideSandboxRedirect(db(), { reference: redirect.reference, decision: "approve" });
    await answerRefunds();
    const linkPage = await getPaymentLinkDetail(db(), scope, link.reference, ORIGIN);
    const attemptPage = await getDepositDetail(db(), scope, redirect.reference);
    // The attempt is no payment of its own to refund: its link is.
    expect(attemptPage.refundable).toBeNull();
    for (const page of [linkPage, attemptPage]) {
      expect(page.refunds.map((r) => [r.source, r.status, r.reason, r.customerPhone])).toEqual([["refund_due", "completed", "link_already_paid", "+2250700000666"]]);
      expect(renderToStaticMarkup(await PaymentRefunds({ ...page, refund: refundPaymentAction, timeZone: "UTC" }))).toContain("refunded automatically: the customer paid twice");
    }
    expect(linkPage.webhooks.map((w) => [w.eventType, w.reference])).toContainEqual(["refund.completed", linkPage.refunds[0].reference]);
    nextRequest.locale = "fr";
    expect(renderToStaticMarkup(await PaymentRefunds({ ...attemptPage, refund: refundPaymentAction, timeZone: "UTC" }))).toContain("remboursé automatiquement\u202f: le client a payé deux fois");
    await answerRefunds();
    await expectReconciled(a.merchantId);
  });
});

describe("a live payment refunded from the dashboard", () => {
  let mtn: MtnMomoFake;
  const saved = { ...process.env };
  beforeAll(async () => {
    mtn = await startMtnMomoFake();
    Object.assign(process.env, mtnMomoFakeEnv(mtn), { MTN_MOMO_COUNTRIES: "CI", OPERATOR_TIMEOUT_MS: "1000" });
  });
  afterAll(async () => {
    process.env = saved;
    await mtn.close();
  });

  it("reaches the customer once, through MTN's refund API, as the API's refund does", async () => {
    const live: MerchantScope = { merchantId: a.merchantId, environment: "live" };
    // A signed-up merchant takes live payments once support has approved it (lib/features/activation).
    await db().merchant.update({ where: { id: a.merchantId }, data: { liveActivatedAt: new Date() } });
    const link = await createLinkFromForm(db(), live, { amount: "5000", currency: "XOF", description: "Wedding cake" });
    const msisdn = `2250799${String(Date.now() % 1e6).padStart(6, "0")}`;
    mtn.script(msisdn, { customer: "approve", callback: "none" });
    const attempt = await startLinkAttempt(db(), { reference: link.reference, environment: "live", gatewayName: "MTN_MOMO_CI", country: "CI", customerPhone: `+${msisdn}`, origin: ORIGIN, checkoutToken: newCheckoutToken() });
    await reconcileOperatorOutcomes(db(), new Date(), { all: true });
    expect((await db().paymentLink.findUniqueOrThrow({ where: { reference: link.reference } })).status).toBe("completed");

    const state = await refund(a, { paymentReference: link.reference, amount: "1500" }, "en", "live");
    const made = /RFD_[0-9A-Z]{26}/.exec(state?.message ?? "")?.[0];
    expect(made).toBeDefined();
    await reconcileOperatorOutcomes(db(), new Date(), { all: true });
    await reconcileOperatorOutcomes(db(), new Date(), { all: true });
    const refunds = [...mtn.transactions.values()].filter((t) => t.kind === "refund" && t.body.externalId === made);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].body).toMatchObject({ amount: "1500", referenceIdToRefund: attempt.operatorRequestId });
    expect((await db().refund.findUniqueOrThrow({ where: { reference: made } })).status).toBe("completed");
    await expectReconciled(a.merchantId);
  });

  it("sent twice, then three times at once, with one token each: one refund at MTN each time", async () => {
    const live: MerchantScope = { merchantId: a.merchantId, environment: "live" };
    await db().merchant.update({ where: { id: a.merchantId }, data: { liveActivatedAt: new Date() } });
    const link = await createLinkFromForm(db(), live, { amount: "5000", currency: "XOF", description: "Double tap" });
    const msisdn = `2250798${String(Date.now() % 1e6).padStart(6, "0")}`;
    mtn.script(msisdn, { customer: "approve", callback: "none" });
    const attempt = await startLinkAttempt(db(), { reference: link.reference, environment: "live", gatewayName: "MTN_MOMO_CI", country: "CI", customerPhone: `+${msisdn}`, origin: ORIGIN, checkoutToken: newCheckoutToken() });
    await reconcileOperatorOutcomes(db(), new Date(), { all: true });
    const mtnRefunds = () => [...mtn.transactions.values()].filter((t) => t.kind === "refund" && t.body.referenceIdToRefund === attempt.operatorRequestId);

    const twice = { paymentReference: link.reference, amount: "1000", [FORM_TOKEN_FIELD]: newFormToken() };
    const first = await refund(a, twice, "en", "live");
    expect(first?.message, JSON.stringify(first)).toMatch(/^Refund RFD_[0-9A-Z]{26} /);
    expect(await refund(a, twice, "en", "live")).toEqual(first);
    expect(mtnRefunds()).toHaveLength(1);

    const atOnce = { paymentReference: link.reference, amount: "2000", [FORM_TOKEN_FIELD]: newFormToken() };
    const states = await Promise.all([refund(a, atOnce, "en", "live"), refund(a, atOnce, "en", "live"), refund(a, atOnce, "en", "live")]);
    expect(mtnRefunds(), JSON.stringify(states)).toHaveLength(2);
    expect(await db().refund.count({ where: { paymentReference: link.reference } })).toBe(2);
    await reconcileOperatorOutcomes(db(), new Date(), { all: true });
    await reconcileOperatorOutcomes(db(), new Date(), { all: true });
    expect(mtnRefunds().map((t) => t.body.amount).sort()).toEqual(["1000", "2000"]);
    expect((await db().refund.findMany({ where: { paymentReference: link.reference } })).map((r) => r.status)).toEqual(["completed", "completed"]);
    await expectReconciled(a.merchantId);
  });
});
