import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { hashCheckoutToken } from "@/lib/features/checkout/checkout-session";
import { checkoutState } from "@/lib/features/checkout/checkout-state";
import type { CheckoutFormIntent } from "@/lib/surfaces/checkout/checkout-steps";
import { submitCheckoutForm } from "@/lib/surfaces/checkout/submit-checkout-form";
import { call } from "../helpers/api-client";
import { newMerchant, validLink } from "../helpers/fixtures";

// The checkout's steps as forms (issue 35): what each posted step does, through the JSON checkout
// API's own functions (startLinkAttempt, confirmLinkOtp), and the page's query it answers with.

let merchant: Awaited<ReturnType<typeof newMerchant>>;
let ip = 0;

beforeAll(async () => {
  merchant = await newMerchant();
});

async function newLink(extra: Record<string, unknown> = {}) {
  const res = await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: { ...validLink, ...extra } });
  return res.body.reference as string;
}

/** One customer's browser: its address and its checkout session cookie, once a form set it. */
function customer() {
  const address = `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;
  let token: string | null = null;
  return {
    get token() {
      return token;
    },
    async submit(reference: string, intent: CheckoutFormIntent) {
      const answer = await submitCheckoutForm({ reference, environment: "sandbox", origin: "http://localhost", clientAddress: address, checkoutToken: token, intent });
      if (answer.setToken) token = answer.setToken;
      return answer;
    },
  };
}

const linkOf = async (reference: string) => db().paymentLink.findUniqueOrThrow({ where: { reference } });
const attemptsOf = async (reference: string) =>
  db().deposit.findMany({ where: { paymentLink: { reference } }, orderBy: { createdAt: "asc" } });

describe("the checkout's forms", () => {
  it("choose: a gateway of the chosen country goes to the phone step; a country just changed shows its own list", async () => {
    const reference = await newLink();
    const someone = customer();
    expect(await someone.submit(reference, { intent: "choose", country: "CI", gateway: "MTN_MOMO_CI" })).toEqual({
      search: "?country=CI&gateway=MTN_MOMO_CI&step=phone", setToken: null,
    });
    // The radio of Côte d'Ivoire's MTN was still checked when the country became Senegal.
    expect((await someone.submit(reference, { intent: "choose", country: "SN", gateway: "MTN_MOMO_CI" })).search).toBe("?country=SN&step=gateway");
    expect((await someone.submit(reference, { intent: "choose", country: "ZZ", gateway: "MTN_MOMO_CI" })).search).toBe("?step=gateway");
  });

  it("pay: an invalid number comes back with its error and the digits typed (for a cookie, not the query), and starts nothing", async () => {
    const reference = await newLink();
    const answer = await customer().submit(reference, { intent: "pay", country: "CI", gateway: "MTN_MOMO_CI", national: "07 12" });
    expect(answer).toEqual({ search: "?country=CI&gateway=MTN_MOMO_CI&step=phone&error=invalidPhone", setToken: null, typedPhone: "0712" });
    expect(await attemptsOf(reference)).toHaveLength(0);
  });

  it("pay: starts the attempt under a new checkout session, which the page then reads as the customer's own", async () => {
    const reference = await newLink();
    const someone = customer();
    const answer = await someone.submit(reference, { intent: "pay", country: "CI", gateway: "MTN_MOMO_CI", national: "07 00 00 02 22" });
    expect(answer.search).toBe("?step=attempt");
    expect(answer.setToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.typedPhone).toBe("");
    const [attempt] = await attemptsOf(reference);
    expect(attempt).toMatchObject({ customerPhone: "+2250700000222", gatewayName: "MTN_MOMO_CI", country: "CI", checkoutTokenHash: hashCheckoutToken(answer.setToken!) });
    expect(await checkoutState(db(), await linkOf(reference), new Date(), someone.token)).toMatchObject({ attempt: { status: "pending" } });
    // Another customer's form cannot replace it (the JSON API's 409/40020).
    const stranger = await customer().submit(reference, { intent: "pay", country: "CI", gateway: "MTN_MOMO_CI", national: "0700000444" });
    expect(stranger).toEqual({ search: "?country=CI&gateway=MTN_MOMO_CI&step=phone&error=paymentInProgress", setToken: null, typedPhone: "0700000444" });
  });

  it("otp: a wrong code says so on the attempt's step, the right one pays the link", async () => {
    const reference = await newLink();
    const someone = customer();
    await someone.submit(reference, { intent: "pay", country: "CI", gateway: "ORANGE_MONEY_CI", national: "0700000444" });
    expect((await someone.submit(reference, { intent: "otp", otp: "000000" })).search).toBe("?step=attempt&error=wrongCode");
    expect((await someone.submit(reference, { intent: "otp", otp: "12" })).search).toBe("?step=attempt&error=wrongCode");
    expect(await checkoutState(db(), await linkOf(reference), new Date(), someone.token)).toMatchObject({ attempt: { triesLeft: 4 } });
    // A stranger cannot spend the customer's tries.
    expect((await customer().submit(reference, { intent: "otp", otp: "000000" })).search).toBe("?step=attempt&error=paymentInProgress");
    expect((await someone.submit(reference, { intent: "otp", otp: "123456" })).search).toBe("?step=attempt");
    expect((await linkOf(reference)).status).toBe("completed");
  });

  it("newCode: a new attempt with the same gateway and number, for the checkout that started the last one only", async () => {
    const reference = await newLink();
    const someone = customer();
    await someone.submit(reference, { intent: "pay", country: "CI", gateway: "ORANGE_MONEY_CI", national: "0700000444" });
    const stranger = await customer().submit(reference, { intent: "newCode" });
    expect(stranger.search).toBe("?country=CI&gateway=ORANGE_MONEY_CI&step=phone");
    expect(await attemptsOf(reference)).toHaveLength(1);
    expect((await someone.submit(reference, { intent: "newCode" })).search).toBe("?step=attempt");
    const attempts = await attemptsOf(reference);
    expect(attempts).toHaveLength(2);
    expect(attempts[1]).toMatchObject({ customerPhone: "+2250700000444", gatewayName: "ORANGE_MONEY_CI" });
    expect(attempts[0].supersededAt).not.toBeNull();
  });

  it("otherNumber, otherMethod and back keep the last choices; a closed link says so", async () => {
    const reference = await newLink();
    const someone = customer();
    expect((await someone.submit(reference, { intent: "otherMethod" })).search).toBe("?step=gateway");
    await someone.submit(reference, { intent: "pay", country: "CI", gateway: "MTN_MOMO_CI", national: "0700000222" });
    expect((await someone.submit(reference, { intent: "otherNumber" })).search).toBe("?country=CI&gateway=MTN_MOMO_CI&step=phone");
    expect((await someone.submit(reference, { intent: "otherMethod" })).search).toBe("?country=CI&gateway=MTN_MOMO_CI&step=gateway");
    expect((await someone.submit(reference, { intent: "back", country: "CI", gateway: "WAVE_CI" })).search).toBe("?country=CI&gateway=WAVE_CI&step=gateway");
    expect((await someone.submit(reference, { intent: "check" })).search).toBe("");

    const closed = await newLink();
    await db().paymentLink.update({ where: { reference: closed }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const late = await customer().submit(closed, { intent: "pay", country: "CI", gateway: "MTN_MOMO_CI", national: "0700000444" });
    expect(late.search).toContain("error=linkClosed");
    expect((await customer().submit("LINK_TEST_UNKNOWN", { intent: "check" })).search).toBe("");
  });
});
