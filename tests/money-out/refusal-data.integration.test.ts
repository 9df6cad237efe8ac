import { beforeAll, describe, expect, it, vi } from "vitest";
import { requestTransferAction } from "@/app/dashboard/(app)/balance/actions";
import { refundPaymentAction } from "@/app/dashboard/(app)/refund-payment-action";
import { db } from "@/lib/core/db/client";
import { FORM_TOKEN_FIELD, newFormToken } from "@/lib/core/domain/form-token";
import { ENVIRONMENT_HEADER } from "@/lib/core/request/environment-header";
import { newCheckoutToken } from "@/lib/features/checkout/checkout-session";
import { startLinkAttempt } from "@/lib/features/checkout/start-link-attempt";
import { submitCheckoutForm } from "@/lib/surfaces/checkout/submit-checkout-form";
import { runDueWork, SANDBOX_TIMER_GRACE_MS } from "@/lib/features/jobs/run-due-work";
import { readAvailableMinor } from "@/lib/features/ledger/read-balances";
import { sandboxAnswerDelayMs } from "@/lib/integrations/gateways/sandbox-simulator";
import type { ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import { call, ORIGIN } from "../helpers/api-client";
import { signedUpMerchant } from "../helpers/auth-session";
import { newKey, validLink } from "../helpers/fixtures";
import { nextRequest } from "../helpers/next-request";

// A refusal of a transfer or a refund carries its field and its rule as data, from where it is
// decided to every surface (issue 49, item 6): the API answers the spec's envelope untouched
// (code, message, details: no member of our own), the dashboard's forms place the message beside
// the refusal's field in the member's language, by its rule (never by reading `details`), and the
// checkout page's own API names the rule its page words.

vi.mock("next/headers", async () => (await import("../helpers/next-request")).nextHeaders);
vi.mock("next/cache", async () => (await import("../helpers/next-request")).nextCache);
vi.mock("next-intl/server", async () => (await import("../helpers/next-request")).nextIntlServer());

let cookie: string;
let merchantId: string;
let key: string;
let otherKey: string;
let paidLink: string;

function dashboard<T>(locale: "en" | "fr", post: () => Promise<T>): Promise<T> {
  nextRequest.headers = new Headers({ cookie, host: new URL(ORIGIN).host, origin: ORIGIN, [ENVIRONMENT_HEADER]: "sandbox" });
  nextRequest.locale = locale;
  return post();
}

function formData(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ [FORM_TOKEN_FIELD]: newFormToken(), ...fields })) form.set(name, value);
  return form;
}

const withdraw = (fields: Record<string, string>, locale: "en" | "fr" = "en"): Promise<ActionState> =>
  dashboard(locale, () => requestTransferAction(null, formData({ step: "confirm", ...fields })));
const refundForm = (fields: Record<string, string>, locale: "en" | "fr" = "en"): Promise<ActionState> =>
  dashboard(locale, () => refundPaymentAction(null, formData(fields)));

const transferApi = (body: Record<string, unknown>) => call("POST", "/test/api/v4/transfers/instant", { key, body });
const refundApi = (body: Record<string, unknown>, as = key) => call("POST", "/test/api/v4/refunds", { key: as, body });

/** The spec's Error object, and nothing of ours in it: the field and the rule travel as data, not as new members. */
function expectEnvelope(res: { status: number; body: { error: Record<string, unknown> } }, code: number, detailsStart: string) {
  expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
  expect(Object.keys(res.body.error).sort()).toEqual(["code", "details", "message"]);
  expect(res.body.error.code).toBe(code);
  // details keep their words, naming the field first: what an integrator reads.
  expect(String(res.body.error.details).startsWith(detailsStart), String(res.body.error.details)).toBe(true);
}

const payout = { amount: "1 000", currency: "XOF", gatewayName: "MTN_MOMO_CI", country: "CI", beneficiaryPhone: "07 00 00 05 55" };
const payoutJson = { amount: 1000, currency: "XOF", gatewayName: "MTN_MOMO_CI", country: "CI", beneficiaryPhone: "+2250700000555" };

/** The merchant a sign-up opened, by its owner's e-mail. */
const merchantOf = async (email: string) => (await db().user.findUniqueOrThrow({ where: { email }, include: { members: true } })).members[0].organizationId;

beforeAll(async () => {
  const owner = await signedUpMerchant({ businessName: "Refusals as data" });
  cookie = owner.browser.cookieHeader();
  merchantId = await merchantOf(owner.email);
  await db().merchant.update({ where: { id: merchantId }, data: { country: "CI" } });
  key = (await newKey(merchantId, "sandbox")).key;
  otherKey = (await newKey(await merchantOf((await signedUpMerchant({ businessName: "Someone else" })).email), "sandbox")).key;
  // A paid link of 5 000 XOF: the balance a transfer or a refund is refused against.
  const link = await call("POST", "/test/api/v4/payments/link", { key, body: validLink });
  paidLink = link.body.reference;
  const attempt = await startLinkAttempt(db(), { reference: paidLink, environment: "sandbox", gatewayName: "MTN_MOMO_CI", country: "CI", customerPhone: "+2250700000444", origin: ORIGIN, checkoutToken: newCheckoutToken() });
  await runDueWork(db(), new Date(attempt.createdAt.getTime() + sandboxAnswerDelayMs() + SANDBOX_TIMER_GRACE_MS + 10), { parts: { settle: true, webhooks: false } });
  expect(await readAvailableMinor(db(), merchantId, "sandbox", "XOF")).toBe(5000n);
});

describe("a transfer's refusals", () => {
  it("more than the balance: 40013 on the API; on the form, beside the amount, rule exceeds_available_balance", async () => {
    expectEnvelope(await transferApi({ ...payoutJson, amount: 9000 }), 40013, "available 5000 XOF");
    const state = await withdraw({ ...payout, amount: "9 000" });
    expect(state).toMatchObject({ code: 40013, refusal: { field: "amount", rule: "exceeds_available_balance" } });
    expect(Object.keys(state?.fieldErrors ?? {})).toEqual(["amount"]);
  });

  it("a gateway not enabled, a currency the gateway does not take, a bad phone, an amount with decimals: each on its field, in the member's language", async () => {
    const cases = [
      { body: { gatewayName: "NOT_A_GATEWAY" }, form: { gatewayName: "NOT_A_GATEWAY" }, code: 40012, details: "gatewayName", field: "gatewayName", rule: "not_enabled", words: "codes.40012" },
      { body: { currency: "EUR" }, form: { currency: "EUR" }, code: 40015, details: "currency EUR", field: "currency", rule: "not_served_by_gateway", words: "codes.40015" },
      { body: { beneficiaryPhone: "12" }, form: { beneficiaryPhone: "12" }, code: 40014, details: "beneficiaryPhone", field: "beneficiaryPhone", rule: "phone_format", words: "rules.phone_format" },
      { body: { amount: 10.5 }, form: { amount: "10,5" }, code: 40010, details: "amount has more decimals", field: "amount", rule: "decimals", words: "rules.decimals" },
    ] as const;
    for (const c of cases) {
      expectEnvelope(await transferApi({ ...payoutJson, ...c.body }), c.code, c.details);
      for (const [locale, catalog] of [["en", en], ["fr", fr]] as const) {
        const state = await withdraw({ ...payout, ...c.form }, locale);
        const [group, name] = c.words.split(".") as ["rules" | "codes", string];
        const words = (catalog.apiErrors[group] as Record<string, string>)[name];
        expect(state, `${c.rule} ${locale}`).toMatchObject({ code: c.code, refusal: { field: c.field, rule: c.rule }, error: catalog.apiErrors.summary, fieldErrors: { [c.field]: words } });
      }
    }
    // Nothing was made by any of them.
    expect(await db().transfer.count({ where: { merchantId } })).toBe(0);
  });
});

describe("a refund's refusals", () => {
  it("more than can be refunded, more than the balance, another merchant's payment, an unpaid link: the API's code, the form's field and rule", async () => {
    const unpaid = (await call("POST", "/test/api/v4/payments/link", { key, body: validLink })).body.reference as string;
    const cases = [
      { body: { paymentReference: paidLink, amount: 5001 }, code: 40010, details: "amount 5001 XOF is more", field: "amount", rule: "exceeds_refundable", as: key },
      { body: { paymentReference: paidLink, amount: 10.5 }, code: 40010, details: "amount has more decimals", field: "amount", rule: "decimals", as: key },
      { body: { paymentReference: unpaid, amount: 100 }, code: 40020, details: unpaid, field: "paymentReference", rule: "not_paid", as: key },
      { body: { paymentReference: paidLink, amount: 100 }, code: 40004, details: "Payment", field: "paymentReference", rule: "not_found", as: otherKey },
    ];
    for (const c of cases) expectEnvelope(await refundApi(c.body, c.as), c.code, c.details);
    for (const c of cases.filter((c) => c.as === key)) {
      const state = await refundForm({ paymentReference: String(c.body.paymentReference), amount: String(c.body.amount).replace(".", ",") });
      expect(state, c.rule).toMatchObject({ code: c.code, refusal: { field: c.field, rule: c.rule } });
    }

    // The balance below the refund: a withdrawal first (through the form), then a refund of more than is left.
    expect(await withdraw({ ...payout, amount: "3 000" })).toMatchObject({ message: expect.stringContaining("TRF_TEST_") });
    expectEnvelope(await refundApi({ paymentReference: paidLink, amount: 4000 }), 40013, "available");
    expect(await refundForm({ paymentReference: paidLink, amount: "4000" })).toMatchObject({ code: 40013, refusal: { field: "amount", rule: "exceeds_available_balance" } });
    expect(await db().refund.count({ where: { merchantId } })).toBe(0);
  });
});

describe("the checkout's refusals", () => {
  it("its API names the rule (and field) its page words; the page, with or without JavaScript, words it by that rule", async () => {
    const open = (await call("POST", "/test/api/v4/payments/link", { key, body: validLink })).body.reference as string;
    const badPhone = await call("POST", `/test/api/checkout/${open}/attempts`, { body: { country: "CI", gatewayName: "MTN_MOMO_CI", customerPhone: "12" } });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.error).toMatchObject({ code: 40014, field: "customerPhone", rule: "phone_format" });
    const closed = await call("POST", `/test/api/checkout/${paidLink}/attempts`, { body: { country: "CI", gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000444" } });
    expect(closed.status).toBe(400);
    expect(closed.body.error).toMatchObject({ code: 40020, rule: "link_closed" });
    // The page without JavaScript: the form's answer carries the rule's message key.
    const answer = await submitCheckoutForm({
      reference: paidLink, environment: "sandbox", origin: ORIGIN, clientAddress: "10.9.8.7", checkoutToken: null,
      intent: { intent: "pay", country: "CI", gateway: "MTN_MOMO_CI", national: "0700000444" },
    });
    expect(answer.search).toContain("error=linkClosed");
  });
});
