import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { isOutcome } from "@/lib/core/errors/domain-error";
import { newCheckoutToken } from "@/lib/features/checkout/checkout-session";
import { startLinkAttempt } from "@/lib/features/checkout/start-link-attempt";
import { applyGatewayOutcome } from "@/lib/features/deposits/sync-deposit-with-gateway";
import { runDueWork } from "@/lib/features/jobs/run-due-work";
import { findCustomerPage } from "@/lib/features/payment-pages/find-customer-page";
import { makePagePaymentLink } from "@/lib/features/payment-pages/make-page-payment-link";
import { sandboxAnswerDelayMs } from "@/lib/integrations/gateways/sandbox-simulator";
import { call, ORIGIN } from "../helpers/api-client";
import { contractErrorOf } from "../helpers/contract-error";
import { merchantCheckedAfterEach } from "../helpers/reconciled";

// Issue 46, item 8: maxPayments is a hard cap. Each open link of a capped page holds a place for
// PAGE_PLACE_HOLD_SECONDS (its lifetime); places = maxPayments - payments - live holds, decided
// under the page's row lock, so concurrent "Pay" taps on PostgreSQL cannot hold more places than
// there are. A hold that lapses expires its link; an attempt already at the operator keeps its
// place until it settles; money that still arrives past the cap is credited and counted over it.

const merchant = merchantCheckedAfterEach();
let addressCounter = 0;
/** A customer of their own: distinct addresses, so no per-address allowance is involved. */
const customer = () => `198.18.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

async function newPage(body: Record<string, unknown>) {
  const res = await call("POST", "/test/api/v4/payments/page", { key: merchant().sandboxKey, body: { description: "Concert, place assise", currency: "XOF", ...body } });
  expect(res.status).toBe(200);
  return res.body.reference as string;
}
const tap = (reference: string, now?: Date) => makePagePaymentLink(db(), { reference, environment: "sandbox", clientAddress: customer(), now });
const readPage = async (reference: string) => (await call("GET", `/test/api/v4/payments/page/${reference}`, { key: merchant().sandboxKey })).body;
const linksOf = (reference: string) => db().paymentLink.findMany({ where: { paymentPageReference: reference }, orderBy: { createdAt: "asc" } });
const attempt = (reference: string, options: { now?: Date; gatewayName?: string; phone?: string } = {}) =>
  startLinkAttempt(db(), {
    reference,
    environment: "sandbox",
    gatewayName: options.gatewayName ?? "MTN_MOMO_CI",
    country: "CI",
    customerPhone: options.phone ?? "+2250700000444",
    origin: ORIGIN,
    checkoutToken: newCheckoutToken(),
    now: options.now,
  });
/** The sandbox phone approves the DIRECT prompt; the due-work pass records it (past its grace for the in-process timer). */
const phoneAnswers = (started: { createdAt: Date }) => runDueWork(db(), new Date(started.createdAt.getTime() + sandboxAnswerDelayMs() + 10_000));
const settled = <T>(promise: Promise<T>) => promise.then((value) => ({ value }), (error: unknown) => ({ error }));

describe("maxPayments is a hard cap", () => {
  it("ten customers tap Pay at once on a maxPayments:1 page: one link, nine told when to try again; one payment", async () => {
    const reference = await newPage({ amount: 5000, maxPayments: 1 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => settled(tap(reference))));

    const made = answers.flatMap((a) => ("value" in a ? [a.value] : []));
    expect(made).toHaveLength(1);
    const [link] = made;
    const refused = answers.flatMap((a) => ("error" in a ? [a.error] : []));
    expect(refused).toHaveLength(9);
    for (const error of refused) {
      // "Full, try again at ...": being paid for right now, so 409/40020 with Retry-After, and when.
      expect(isOutcome(error, "conflict")).toBe(true);
      const answer = contractErrorOf(error);
      expect([answer.status, answer.code]).toEqual([409, 40020]);
      expect(Number(answer.headers?.["retry-after"])).toBeGreaterThanOrEqual(60);
      expect((error as { retryAt: Date }).retryAt.getTime()).toBe(link.expiresAt.getTime());
    }
    expect(await linksOf(reference)).toHaveLength(1);
    // The customer's page says it is full, and until when, instead of offering "Pay".
    expect(await findCustomerPage(db(), reference, "sandbox")).toMatchObject({ status: "active", fullUntil: link.expiresAt });

    // Everyone who holds a link tries to pay it at once: one payment, never more.
    const links = await linksOf(reference);
    const started = await Promise.all(links.map((l) => attempt(l.reference)));
    await Promise.all(started.map(phoneAnswers));
    const completed = await db().paymentLink.count({ where: { paymentPageReference: reference, status: "completed" } });
    expect(completed).toBe(1);
    expect(await readPage(reference)).toMatchObject({ status: "exhausted", paymentsCount: 1, maxPayments: 1, amountCollected: 5000 });
  });

  it("an unpaid link's hold lapses: its link expires and can no longer be paid, and the next customer takes the place", async () => {
    const reference = await newPage({ amount: 2000, maxPayments: 1 });
    const t0 = new Date();
    const first = await tap(reference, t0);
    // The hold is the link's life: a short one, the setting's (10 minutes by default).
    expect(first.expiresAt.getTime() - first.createdAt.getTime()).toBe(10 * 60 * 1000);
    const whileHeld = await settled(tap(reference, new Date(t0.getTime() + 60_000)));
    expect("error" in whileHeld && isOutcome(whileHeld.error, "conflict")).toBe(true);

    const lapsed = new Date(first.expiresAt.getTime() + 1_000);
    const second = await tap(reference, lapsed);
    expect(second.reference).not.toBe(first.reference);
    // The lapsed link was given up for it: recorded expired (payment_link.expired sent), and refused to a late customer.
    expect(await db().paymentLink.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({ status: "expired" });
    expect(await db().webhookEvent.count({ where: { reference: first.reference, type: "payment_link.expired" } })).toBe(1);
    const late = await settled(attempt(first.reference, { now: lapsed }));
    expect("error" in late && contractErrorOf(late.error).code).toBe(40020);
    await phoneAnswers(await attempt(second.reference, { now: lapsed }));
    expect(await readPage(reference)).toMatchObject({ status: "exhausted", paymentsCount: 1, amountCollected: 2000 });
  });

  it("an attempt at the operator keeps its place until it settles; a late approval past the cap is credited and counted over it", async () => {
    const reference = await newPage({ amount: 3000, maxPayments: 1 });
    const t0 = new Date();
    const first = await tap(reference, t0);
    // The customer is on the operator's page (a REDIRECT payment) when the hold's time is up.
    const atOperator = await attempt(first.reference, { now: new Date(t0.getTime() + 9 * 60_000), gatewayName: "WAVE_CI" });
    const lapsed = new Date(first.expiresAt.getTime() + 1_000);
    const refused = await settled(tap(reference, lapsed));
    expect("error" in refused && isOutcome(refused.error, "conflict")).toBe(true);

    // The attempt is recorded expired with its link (nothing came back in time): the place is free.
    await runDueWork(db(), new Date(first.expiresAt.getTime() + 2_000));
    expect(await db().deposit.findUniqueOrThrow({ where: { id: atOperator.id } })).toMatchObject({ status: "expired" });
    const second = await tap(reference, new Date(first.expiresAt.getTime() + 3_000));
    await phoneAnswers(await attempt(second.reference));
    expect(await readPage(reference)).toMatchObject({ status: "exhausted", paymentsCount: 1, amountCollected: 3000 });

    // Then the operator reports the first customer's approval after all (a late callback): the money is
    // theirs to keep for the merchant, never lost: paid after expiry, credited, and counted over the cap.
    const expired = await db().deposit.findUniqueOrThrow({ where: { id: atOperator.id } });
    const approvedAt = new Date(first.expiresAt.getTime() + 30_000);
    await applyGatewayOutcome(db(), expired, { status: "completed", at: approvedAt, amountMinor: expired.amountMinor + expired.feesMinor, currency: expired.currency }, new Date(approvedAt.getTime() + 1_000));
    expect(await db().paymentLink.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({ status: "expired", paidAfterExpiry: true });
    expect(await db().webhookEvent.count({ where: { reference: first.reference, type: "payment_link.paid_after_expiry" } })).toBe(1);
    expect(await readPage(reference)).toMatchObject({ status: "exhausted", paymentsCount: 2, maxPayments: 1, amountCollected: 6000 });
    expect(await db().paymentLink.count({ where: { paymentPageReference: reference, status: "completed" } })).toBe(1);
    const balance = (await call("GET", "/test/api/v4/merchant/balance", { key: merchant().sandboxKey })).body.balances;
    expect(balance).toEqual([{ currency: "XOF", available: 6000, pending: 0 }]);
  });
});
