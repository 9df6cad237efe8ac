import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { isLinkPayable } from "@/lib/core/domain/link-status";
import type { ApiError } from "@/lib/core/errors/api-error";
import type { DomainError } from "@/lib/core/errors/domain-error";
import { contractErrorOf } from "../helpers/contract-error";
import { transitionLink } from "@/lib/features/links/transition-link";
import { findCustomerPage } from "@/lib/features/payment-pages/find-customer-page";
import { makePagePaymentLink, PageAmountError, PageClosedError } from "@/lib/features/payment-pages/make-page-payment-link";
import { PAGE_LINK_LIFETIME_SECONDS } from "@/lib/features/payment-pages/page-places";
import { newCheckoutToken } from "@/lib/features/checkout/checkout-session";
import { startLinkAttempt } from "@/lib/features/checkout/start-link-attempt";
import { runDueWork } from "@/lib/features/jobs/run-due-work";
import { sandboxAnswerDelayMs } from "@/lib/integrations/gateways/sandbox-simulator";
import { call, ORIGIN } from "../helpers/api-client";
import { newMerchant } from "../helpers/fixtures";
import { expectLedgerBalanced } from "../helpers/ledger-invariant";

// Issue 36, part 2 (the function behind the customer's "Pay"): a payment page makes one ordinary
// payment link per customer. Called here as the customer's page will, without HTTP.

afterEach(expectLedgerBalanced);

let merchant: Awaited<ReturnType<typeof newMerchant>>;
let addressCounter = 0;
/** A client address of its own per call site, so the per-address limit is tested only where meant. */
const address = () => `198.51.100.${++addressCounter % 250}`;

beforeAll(async () => {
  merchant = await newMerchant();
});

const newPage = async (body: Record<string, unknown>, environment: "sandbox" | "live" = "sandbox") => {
  const res = await call("POST", `${environment === "sandbox" ? "/test" : ""}/api/v4/payments/page`, {
    key: environment === "sandbox" ? merchant.sandboxKey : merchant.liveKey,
    body: { description: "Boutique Awa", currency: "XOF", ...body },
  });
  expect(res.status).toBe(200);
  return res.body as { reference: string };
};
const pay = (reference: string, amount?: string, environment: "sandbox" | "live" = "sandbox") =>
  makePagePaymentLink(db(), { reference, environment, amount, clientAddress: address() });
const readPage = (reference: string) => call("GET", `/test/api/v4/payments/page/${reference}`, { key: merchant.sandboxKey });
const linksOf = async (reference: string) =>
  db().paymentLink.count({ where: { paymentPage: { reference } } });

/** What a settled checkout attempt does to its link (lib/features/links/settle-link-attempt.ts): completes it, credited. */
const complete = (linkId: string) =>
  db().$transaction((tx) => transitionLink(tx, { id: linkId, to: "completed", at: new Date(), feesMinor: 0n, gatewayName: "MTN_MOMO_CI", paidByDepositId: `dep_${linkId}` }));

/** The outcome a page refused with (its own fields: pageStatus, problem...) and what the API answers for it (code, status, headers). */
async function refusal(promise: Promise<unknown>): Promise<DomainError & Pick<ApiError, "code" | "status" | "headers">> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  const { code, status, headers } = contractErrorOf(error);
  return Object.assign(error as DomainError, { code, status, headers });
}

describe("makePagePaymentLink", () => {
  it("makes an ordinary payment link at the page's set price, for 30 minutes (no maxPayments), naming the page", async () => {
    const page = await newPage({ amount: 2500, callbackUrl: "https://merchant.example/hook", returnUrl: "https://merchant.example/thanks", metadata: { shop: "cocody" } });
    // Now, not a fixed date: the API reads the link back below against the real clock.
    const now = new Date();
    const link = await makePagePaymentLink(db(), { reference: page.reference, environment: "sandbox", amount: "999", clientAddress: address(), now });
    expect(link.reference).toMatch(/^LINK_TEST_/);
    expect(link).toMatchObject({
      merchantId: merchant.id,
      environment: "sandbox",
      status: "pending",
      amountMinor: 2500n,
      currency: "XOF",
      description: "Boutique Awa",
      callbackUrl: "https://merchant.example/hook",
      returnUrl: "https://merchant.example/thanks",
      metadata: { shop: "cocody" },
    });
    expect(link.expiresAt.getTime() - link.createdAt.getTime()).toBe(PAGE_LINK_LIFETIME_SECONDS * 1000);
    const read = await call("GET", `/test/api/v4/payments/link/${link.reference}`, { key: merchant.sandboxKey });
    expect(read.body).toMatchObject({ paymentPage: page.reference, amount: 2500, status: "pending" });
  });

  it.each([
    ["2 500", 2500n],
    ["2.500", 2500n],
    ["2500", 2500n],
    ["2\u202f500", 2500n],
    ["2,500", 2500n],
    [" 1 000 ", 1000n],
  ])("reads the typed amount %j as %s", async (typed, minor) => {
    const page = await newPage({ minAmount: 500, maxAmount: 50_000 });
    expect((await pay(page.reference, typed)).amountMinor).toBe(minor);
  });

  it("reads decimals where the currency has them", async () => {
    const page = await newPage({ currency: "EUR" });
    expect((await pay(page.reference, "150,50")).amountMinor).toBe(15050n);
  });

  it.each([
    ["", "amount is required"],
    [undefined, "amount is required"],
    ["abc", "amount must be a number, such as 2 500"],
    ["2500,5", "amount has more decimals than XOF allows"],
    ["499", "amount must be between 500 XOF and 50,000 XOF"],
    ["50 001", "amount must be between 500 XOF and 50,000 XOF"],
  ])("refuses the typed amount %j: 400/40010, making nothing", async (typed, details) => {
    const page = await newPage({ minAmount: 500, maxAmount: 50_000 });
    const error = await refusal(pay(page.reference, typed));
    expect(error).toMatchObject({ code: 40010, status: 400, details });
    expect(await linksOf(page.reference)).toBe(0);
  });

  it("gives the customer's page the reason and the range in minor units, to say them in the customer's language", async () => {
    const page = await newPage({ currency: "EUR", minAmount: 100, maxAmount: 150.5 });
    const tooMuch = await refusal(pay(page.reference, "200"));
    expect(tooMuch).toBeInstanceOf(PageAmountError);
    expect(tooMuch).toMatchObject({ problem: "out_of_range", minMinor: 10000n, maxMinor: 15050n });
    expect((await pay(page.reference, "120,50")).amountMinor).toBe(12050n);
    expect(await refusal(pay(page.reference, "1,234"))).toMatchObject({ problem: "out_of_range" });
    expect(await refusal(pay(page.reference, "10,505"))).toMatchObject({ problem: "out_of_range" });
    expect(await refusal(pay(page.reference, "1.2.3,45"))).toMatchObject({ problem: "not_a_number" });
  });

  it("keeps to the link's limits when the page gives no range", async () => {
    const page = await newPage({});
    expect((await refusal(pay(page.reference, "99"))).details).toBe("amount must be between 100 XOF and 10,000,000 XOF");
    expect((await pay(page.reference, "100")).amountMinor).toBe(100n);
  });

  it("refuses an inactive, expired or exhausted page, saying which, and makes nothing", async () => {
    const off = await newPage({ amount: 1000 });
    await call("POST", `/test/api/v4/payments/page/${off.reference}/deactivate`, { key: merchant.sandboxKey });
    const inactive = await refusal(pay(off.reference));
    expect(inactive).toBeInstanceOf(PageClosedError);
    expect(inactive).toMatchObject({ code: 40020, status: 400, pageStatus: "inactive" });
    await call("POST", `/test/api/v4/payments/page/${off.reference}/activate`, { key: merchant.sandboxKey });
    expect((await pay(off.reference)).amountMinor).toBe(1000n);

    const old = await newPage({ amount: 1000, expiresIn: 5 });
    await db().paymentPage.update({ where: { reference: old.reference }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await refusal(pay(old.reference))).toMatchObject({ code: 40020, pageStatus: "expired" });

    const capped = await newPage({ amount: 1000, maxPayments: 1 });
    await complete((await pay(capped.reference)).id);
    expect(await refusal(pay(capped.reference))).toMatchObject({ code: 40020, pageStatus: "exhausted" });

    expect(await linksOf(off.reference)).toBe(1);
    expect(await linksOf(old.reference)).toBe(0);
    expect(await linksOf(capped.reference)).toBe(1);
  });

  it("counts an abandoned link towards maxPayments only while it holds its place; one past its end not at all", async () => {
    // Issue 46, item 8 (tests/payment-pages/places.integration.test.ts has the race and the lapse):
    // an open link holds a place for the hold's time; one that failed and expired holds nothing.
    const page = await newPage({ maxPayments: 2 });
    const abandoned = await pay(page.reference, "2 500");
    // A link whose attempt failed and whose time then ran out (not yet recorded expired).
    const failed = await pay(page.reference, "2 500");
    await db().paymentLink.update({ where: { id: failed.id }, data: { status: "failed", failedAt: new Date(), expiresAt: new Date(Date.now() - 1000) } });
    expect((await readPage(page.reference)).body).toMatchObject({ status: "active", paymentsCount: 0, amountCollected: 0 });
    const paid = await pay(page.reference, "1 000");
    await complete(paid.id);
    // One place paid, one held by the abandoned link: full, not exhausted.
    expect((await readPage(page.reference)).body).toMatchObject({ status: "active", paymentsCount: 1, amountCollected: 1000 });
    expect(await refusal(pay(page.reference, "700"))).toMatchObject({ code: 40020, status: 409 });
    expect(isLinkPayable(abandoned)).toBe(true);
    // Its hold lapses: the place is the next customer's.
    const lapsed = new Date(abandoned.expiresAt.getTime() + 1000);
    const next = await makePagePaymentLink(db(), { reference: page.reference, environment: "sandbox", amount: "700", clientAddress: address(), now: lapsed });
    expect(next.amountMinor).toBe(700n);
  });

  it("makes no more links than places: a customer already paying keeps the place, no one else is sent to pay", async () => {
    // docs/decisions.md: maxPayments is a hard cap (issue 46): the third customer is told when to
    // come back instead of getting a link that would take the page past maxPayments.
    const page = await newPage({ maxPayments: 2 });
    const first = await pay(page.reference, "2 500");
    const second = await pay(page.reference, "1 000");
    const full = await refusal(pay(page.reference, "500"));
    expect(full).toMatchObject({ code: 40020, status: 409 });
    expect(full.headers?.["retry-after"]).toBeDefined();
    await complete(first.id);
    expect(await refusal(pay(page.reference, "500"))).toMatchObject({ code: 40020, status: 409 });
    await complete(second.id);
    expect((await readPage(page.reference)).body).toMatchObject({ status: "exhausted", paymentsCount: 2, amountCollected: 3500 });
    expect(await refusal(pay(page.reference, "700"))).toMatchObject({ pageStatus: "exhausted" });
    expect(await linksOf(page.reference)).toBe(2);
  });

  it("sends the link's own payment_link.* events to the page's callbackUrl, naming the page", async () => {
    const page = await newPage({ amount: 1500, callbackUrl: "https://merchant.example/hook", metadata: { shop: "cocody" } });
    const link = await pay(page.reference);
    await complete(link.id);
    const event = await db().webhookEvent.findFirstOrThrow({ where: { reference: link.reference, type: "payment_link.completed" }, include: { deliveries: true } });
    expect(JSON.parse(event.payload)).toMatchObject({
      event: "payment_link.completed",
      reference: link.reference,
      amount: 1500,
      metadata: { shop: "cocody" },
      paymentPage: page.reference,
    });
    expect(event.deliveries.map((d) => d.url)).toEqual(["https://merchant.example/hook"]);
    // An ordinary link's payload stays the contract's: no paymentPage key at all.
    const ordinary = await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: { amount: 1500, currency: "XOF", description: "x" } });
    const row = await db().paymentLink.findUniqueOrThrow({ where: { reference: ordinary.body.reference } });
    await complete(row.id);
    const plain = await db().webhookEvent.findFirstOrThrow({ where: { reference: row.reference, type: "payment_link.completed" } });
    expect(Object.keys(JSON.parse(plain.payload))).not.toContain("paymentPage");
  });

  it("answers an unknown page, a mangled reference, or the other environment's, 404/40004", async () => {
    const page = await newPage({ amount: 1000 });
    for (const mangled of [`${page.reference}\u0000`, `${page.reference}%00`, "", "x".repeat(5000)]) {
      expect(await refusal(pay(mangled))).toMatchObject({ code: 40004, status: 404 });
    }
    expect(await refusal(pay(page.reference, undefined, "live"))).toMatchObject({ code: 40004, status: 404 });
    expect(await refusal(pay("PAGE_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K"))).toMatchObject({ code: 40004 });
    const live = await newPage({ amount: 1000 }, "live");
    expect((await pay(live.reference, undefined, "live")).reference).toMatch(/^LINK_[0-9A-Z]{26}$/);
    expect(await refusal(pay(live.reference))).toMatchObject({ code: 40004 });
  });

  it("limits the links made per client address and page, refusals included (429/42900), not other addresses", async () => {
    process.env.PAGE_LINKS_PER_10_MIN_PER_IP_AND_PAGE = "3";
    try {
      const page = await newPage({ minAmount: 500 });
      const clientAddress = "203.0.113.77";
      const attempt = (amount: string) => makePagePaymentLink(db(), { reference: page.reference, environment: "sandbox", amount, clientAddress });
      await attempt("1000");
      await refusal(attempt("1")); // a refused amount still counts
      await attempt("1000");
      const limited = await refusal(attempt("1000"));
      expect(limited).toMatchObject({ code: 42900, status: 429 });
      expect(limited.headers?.["retry-after"]).toBeDefined();
      expect(await linksOf(page.reference)).toBe(2);
      // Another customer at another address is not held back.
      await makePagePaymentLink(db(), { reference: page.reference, environment: "sandbox", amount: "1000", clientAddress: "203.0.113.78" });
      expect(await linksOf(page.reference)).toBe(3);
    } finally {
      delete process.env.PAGE_LINKS_PER_10_MIN_PER_IP_AND_PAGE;
    }
  });

  it("lists the links it made on the page's payments, newest first", async () => {
    const page = await newPage({});
    const a = await pay(page.reference, "1 000");
    const b = await pay(page.reference, "2 000");
    const res = await call("GET", `/test/api/v4/payments/page/${page.reference}/payments`, { key: merchant.sandboxKey });
    expect(res.body.data.map((l: { reference: string }) => l.reference)).toEqual([b.reference, a.reference]);
    expect(res.body.data.every((l: { paymentPage: string }) => l.paymentPage === page.reference)).toBe(true);
  });
});

describe("findCustomerPage", () => {
  it("gives what the customer's page shows: the business, the description, the price or range, the status", async () => {
    const fixed = await newPage({ amount: 2500 });
    expect(await findCustomerPage(db(), fixed.reference, "sandbox")).toMatchObject({
      reference: fixed.reference,
      status: "active",
      description: "Boutique Awa",
      currency: "XOF",
      amountRule: { type: "fixed", amountMinor: 2500n },
      merchant: { name: merchant.name },
    });
    const open = await newPage({ minAmount: 500, maxPayments: 1 });
    expect((await findCustomerPage(db(), open.reference, "sandbox"))?.amountRule).toEqual({ type: "customer_chooses", minMinor: 500n, maxMinor: 10_000_000n });
    await complete((await pay(open.reference, "600")).id);
    expect((await findCustomerPage(db(), open.reference, "sandbox"))?.status).toBe("exhausted");
  });

  it("finds nothing in the other environment, for an unknown or a mangled reference", async () => {
    const page = await newPage({ amount: 2500 });
    expect(await findCustomerPage(db(), page.reference, "live")).toBeNull();
    expect(await findCustomerPage(db(), "PAGE_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K", "sandbox")).toBeNull();
    expect(await findCustomerPage(db(), `${page.reference}\u0000`, "sandbox")).toBeNull();
  });
});

describe("a page's payment through the link's own checkout (sandbox)", () => {
  const attempt = (reference: string, customerPhone: string) =>
    startLinkAttempt(db(), { reference, environment: "sandbox", gatewayName: "MTN_MOMO_CI", country: "CI", customerPhone, origin: ORIGIN, checkoutToken: newCheckoutToken() });
  /** The sandbox phone answers the DIRECT prompt (the due-work pass settles it). */
  const phoneAnswers = (started: { createdAt: Date }) => runDueWork(db(), new Date(started.createdAt.getTime() + sandboxAnswerDelayMs() + 10_000));

  it("two customers pay 2 500 and 1 000 (one after a declined try); a third is refused; the page reads exhausted, 2 payments, 3 500", async () => {
    const page = await newPage({ maxPayments: 2, callbackUrl: "https://merchant.example/hook" });
    const first = await pay(page.reference, "2 500");
    await phoneAnswers(await attempt(first.reference, "+2250700000444"));
    const second = await pay(page.reference, "1.000");
    await phoneAnswers(await attempt(second.reference, "+2250700000111")); // declined
    expect((await call("GET", `/test/api/v4/payments/link/${second.reference}`, { key: merchant.sandboxKey })).body.status).toBe("failed");
    expect((await readPage(page.reference)).body).toMatchObject({ status: "active", paymentsCount: 1, amountCollected: 2500 });
    await phoneAnswers(await attempt(second.reference, "+2250700000445")); // the retry, approved

    expect((await readPage(page.reference)).body).toMatchObject({ status: "exhausted", paymentsCount: 2, amountCollected: 3500 });
    expect(await refusal(pay(page.reference, "500"))).toMatchObject({ code: 40020, pageStatus: "exhausted" });

    const list = await call("GET", `/test/api/v4/payments/page/${page.reference}/payments`, { key: merchant.sandboxKey });
    expect(list.body.data.map((l: { reference: string; status: string; attempts: unknown[] }) => [l.reference, l.status, l.attempts.length])).toEqual([
      [second.reference, "completed", 2],
      [first.reference, "completed", 1],
    ]);
    const events = await db().webhookEvent.findMany({ where: { reference: { in: [first.reference, second.reference] } }, orderBy: { id: "asc" } });
    expect(events.map((e) => [e.reference, e.type, JSON.parse(e.payload).paymentPage])).toEqual([
      [first.reference, "payment_link.completed", page.reference],
      [second.reference, "payment_link.failed", page.reference],
      [second.reference, "payment_link.completed", page.reference],
    ]);
  });
});
