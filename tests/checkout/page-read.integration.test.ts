import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { findCheckoutPageLink, readCheckoutPageState } from "@/lib/features/checkout/checkout-page-queries";
import { submitCheckoutForm } from "@/lib/surfaces/checkout/submit-checkout-form";
import { call } from "../helpers/api-client";
import { newMerchant, validLink } from "../helpers/fixtures";

// Drawing the checkout page reads and never writes or asks the operator (issue 37, part 4): a page
// view, a crawler's or a refresh every 3 s without JavaScript, must not settle payments as a side
// effect. The state route the page polls, the no-JavaScript "check the payment" form and the jobs
// do that.

const customer = { "x-forwarded-for": "10.9.0.7" };
const answerDelay = process.env.SANDBOX_DIRECT_ANSWER_MS;

let merchant: Awaited<ReturnType<typeof newMerchant>>;

beforeAll(async () => {
  // The sandbox phone answers after 10 minutes: its in-process timer stays out of the way, and the
  // test makes the answer due by dating the attempt back.
  process.env.SANDBOX_DIRECT_ANSWER_MS = "600000";
  merchant = await newMerchant();
});

afterAll(() => {
  if (answerDelay === undefined) delete process.env.SANDBOX_DIRECT_ANSWER_MS;
  else process.env.SANDBOX_DIRECT_ANSWER_MS = answerDelay;
});

/** Dates the link's attempt back past the sandbox phone's answer: whatever asks the (simulated) operator now learns it. */
async function answerDue(attemptReference: string) {
  return db().deposit.update({ where: { reference: attemptReference }, data: { createdAt: new Date(Date.now() - 11 * 60_000), nextCheckAt: null } });
}

async function newLinkReference() {
  const created = await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: validLink });
  return created.body.reference as string;
}

describe("the checkout page's read", () => {
  it("shows the attempt as recorded, with no operator read or write; the state route then settles it", async () => {
    const reference = await newLinkReference();
    const started = await call("POST", `/test/api/checkout/${reference}/attempts`, {
      body: { country: "CI", gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000444" },
      headers: customer,
    });
    expect(started.status).toBe(200);
    const deposit = await answerDue(started.body.attempt.reference);

    const link = await findCheckoutPageLink(reference, "sandbox");
    const page = await readCheckoutPageState(link!, null);
    expect(page.state).toMatchObject({ status: "pending", attempt: null, paymentInProgress: true });
    expect(page.knownPhone).toBeNull();
    // The row as it was: no status, no next check, no operator answer written.
    expect(await db().deposit.findUniqueOrThrow({ where: { id: deposit.id } })).toEqual(deposit);
    expect((await db().paymentLink.findUniqueOrThrow({ where: { reference } })).status).toBe("pending");

    const state = await call("GET", `/test/api/checkout/${reference}`, { headers: customer });
    expect(state.body.status).toBe("completed");
    const paid = await readCheckoutPageState((await findCheckoutPageLink(reference, "sandbox"))!, null);
    expect(paid.state).toMatchObject({ status: "completed", payable: false });
  });

  it("its own customer's attempt shows as theirs; without JavaScript, 'check the payment' asks the operator", async () => {
    const reference = await newLinkReference();
    const submit = (intent: Parameters<typeof submitCheckoutForm>[0]["intent"], checkoutToken: string | null) =>
      submitCheckoutForm({ reference, environment: "sandbox", origin: "http://localhost", intent, checkoutToken, clientAddress: "10.9.0.8" });
    const paying = await submit({ intent: "pay", country: "CI", gateway: "MTN_MOMO_CI", national: "0700000444" }, null);
    // A new checkout: the session its first attempt started, for the route to set as the cookie.
    const token = paying.setToken!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const attempt = await db().deposit.findFirstOrThrow({ where: { paymentLink: { reference } } });
    await answerDue(attempt.reference);

    const link = (await findCheckoutPageLink(reference, "sandbox"))!;
    const page = await readCheckoutPageState(link, token);
    expect(page.knownPhone).toBe("+2250700000444");
    expect(page.state.attempt).toMatchObject({ reference: attempt.reference, status: "pending" });

    await submit({ intent: "check" }, token);
    expect((await db().deposit.findUniqueOrThrow({ where: { id: attempt.id } })).status).toBe("completed");
    expect((await readCheckoutPageState((await findCheckoutPageLink(reference, "sandbox"))!, token)).state.status).toBe("completed");
  });
});
