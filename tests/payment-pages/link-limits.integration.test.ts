import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { isOutcome } from "@/lib/core/errors/domain-error";
import { newCheckoutToken } from "@/lib/features/checkout/checkout-session";
import { startLinkAttempt } from "@/lib/features/checkout/start-link-attempt";
import { runDueWork } from "@/lib/features/jobs/run-due-work";
import { sandboxAnswerDelayMs } from "@/lib/integrations/gateways/sandbox-simulator";
import { makePagePaymentLink } from "@/lib/features/payment-pages/make-page-payment-link";
import { readPageQuery } from "@/lib/surfaces/checkout/page-form";
import { call, dispatch, ORIGIN } from "../helpers/api-client";
import { contractErrorOf } from "../helpers/contract-error";
import { merchantCheckedAfterEach } from "../helpers/reconciled";

// Issue 46, item 12: the links "Pay" makes on payment pages are bounded where every process sees
// it, whatever the addresses they come from: open links per page and per merchant, counted in the
// database under the page's and the merchant's row locks. Each client address has an allowance of
// its own on each page, so one address behind a carrier's shared address blocks neither another
// page nor another address.

const merchant = merchantCheckedAfterEach();
const SETTINGS = ["PAGE_OPEN_LINKS_PER_PAGE", "PAGE_OPEN_LINKS_PER_MERCHANT", "PAGE_LINKS_PER_10_MIN_PER_IP_AND_PAGE"];
afterEach(() => {
  for (const name of SETTINGS) delete process.env[name];
});

let addressCounter = 0;
const customer = () => `198.19.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

async function newPage(body: Record<string, unknown> = {}) {
  const res = await call("POST", "/test/api/v4/payments/page", { key: merchant().sandboxKey, body: { description: "Garage Kouassi", currency: "XOF", amount: 1500, ...body } });
  expect(res.status).toBe(200);
  return res.body.reference as string;
}
const tap = (reference: string, clientAddress = customer()) => makePagePaymentLink(db(), { reference, environment: "sandbox", clientAddress });
const settled = <T>(promise: Promise<T>) => promise.then((value) => ({ value }), (error: unknown) => ({ error }));
const made = <T>(answers: ({ value: T } | { error: unknown })[]) => answers.flatMap((a) => ("value" in a ? [a.value] : []));
const refusals = <T>(answers: ({ value: T } | { error: unknown })[]) => answers.flatMap((a) => ("error" in a ? [a.error] : []));
/** What a tap was refused with; fails the test when it made a link. */
async function refusalOf(promise: Promise<unknown>) {
  const answer = await settled(promise);
  expect("error" in answer, "a link was made").toBe(true);
  return (answer as { error: unknown }).error;
}
const openLinks = (where: object) => db().paymentLink.count({ where: { ...where, status: "pending" } });

/** "Busy, try again at": 429/42900 in the envelope, with Retry-After. */
function expectBusy(error: unknown) {
  expect(isOutcome(error, "limited")).toBe(true);
  const answer = contractErrorOf(error);
  expect([answer.status, answer.code]).toEqual([429, 42900]);
  expect(Number(answer.headers?.["retry-after"])).toBeGreaterThan(0);
}

describe("the ceilings on a page's and a merchant's open links", () => {
  it("many addresses at once cannot push one page over its ceiling; a paid link frees its share", async () => {
    process.env.PAGE_OPEN_LINKS_PER_PAGE = "5";
    const reference = await newPage();
    const answers = await Promise.all(Array.from({ length: 8 }, () => settled(tap(reference))));
    expect(made(answers)).toHaveLength(5);
    expect(refusals(answers)).toHaveLength(3);
    for (const error of refusals(answers)) expectBusy(error);
    expect(await openLinks({ paymentPageReference: reference })).toBe(5);

    // A payment is no open link: the page takes the next customer.
    const [paid] = made(answers);
    const started = await startLinkAttempt(db(), { reference: paid.reference, environment: "sandbox", gatewayName: "MTN_MOMO_CI", country: "CI", customerPhone: "+2250700000444", origin: ORIGIN, checkoutToken: newCheckoutToken() });
    await runDueWork(db(), new Date(started.createdAt.getTime() + sandboxAnswerDelayMs() + 10_000));
    expect(await db().paymentLink.findUniqueOrThrow({ where: { id: paid.id } })).toMatchObject({ status: "completed" });
    expect((await tap(reference)).paymentPageReference).toBe(reference);
    expectBusy(await refusalOf(tap(reference)));
  });

  it("many addresses on many pages cannot push a merchant over its ceiling", async () => {
    process.env.PAGE_OPEN_LINKS_PER_MERCHANT = "6";
    const pages = await Promise.all([newPage(), newPage(), newPage()]);
    const answers = await Promise.all(pages.flatMap((reference) => Array.from({ length: 3 }, () => settled(tap(reference)))));
    expect(made(answers)).toHaveLength(6);
    for (const error of refusals(answers)) expectBusy(error);
    expect(await openLinks({ merchantId: merchant().id })).toBe(6);
    expectBusy(await refusalOf(tap(await newPage())));
  });

  it("says so on the customer's page without JavaScript: back to the page, busy, and until when", async () => {
    process.env.PAGE_OPEN_LINKS_PER_PAGE = "1";
    const reference = await newPage();
    const post = () =>
      dispatch(
        new Request(`${ORIGIN}/test/p/${reference}/pay`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, "x-forwarded-for": customer() },
          body: new URLSearchParams({}),
        }),
        `/test/p/${reference}/pay`,
      );
    expect((await post()).headers.get("location")).toMatch(/\/test\/pay\/LINK_TEST_/);
    const busy = await post();
    expect(busy.status).toBe(303);
    const [link] = await db().paymentLink.findMany({ where: { paymentPageReference: reference } });
    const query = readPageQuery(Object.fromEntries(new URL(busy.headers.get("location")!).searchParams));
    expect(query).toMatchObject({ error: "busy" });
    // Until the open link's end at the latest: it may be paid sooner.
    expect(query.until?.getTime()).toBe(link.expiresAt.getTime());
  });
});

describe("the allowance of one client address", () => {
  it("is per page: one address spending it on page A still pays on page B, and another address on A", async () => {
    process.env.PAGE_LINKS_PER_10_MIN_PER_IP_AND_PAGE = "3";
    const [a, b] = await Promise.all([newPage(), newPage()]);
    const shared = customer();
    for (let i = 0; i < 3; i++) await tap(a, shared);
    expectBusy(await refusalOf(tap(a, shared)));
    expect((await tap(b, shared)).paymentPageReference).toBe(b);
    expect((await tap(a, customer())).paymentPageReference).toBe(a);
  });
});
