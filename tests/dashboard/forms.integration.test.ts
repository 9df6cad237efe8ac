import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { requestTransferAction } from "@/app/dashboard/(app)/balance/actions";
import { createLinkAction } from "@/app/dashboard/(app)/links/actions";
import { saveSettingsAction } from "@/app/dashboard/(app)/settings/actions";
import type { ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { db } from "@/lib/core/db/client";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import { signedUpMerchant } from "../helpers/auth-session";
import { newKey } from "../helpers/fixtures";
import { fundMerchant } from "../helpers/fund-merchant";
import { computeFeesMinor, maxAmountWithinMinor } from "@/lib/core/domain/fees";
import { formatMinor } from "@/lib/core/domain/money";
import { readAvailableMinor } from "@/lib/features/ledger/read-balances";
import { feeSchedule } from "@/lib/integrations/gateways/gateway-rules";
import { findMerchantGateway } from "@/lib/integrations/gateways/list-gateways";
import { balanceSummary } from "@/lib/features/ledger/balance-summary";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { browseWith, elementsOf, nextRequest, redirectOf } from "../helpers/next-request";
import { FORM_TOKEN_FIELD, newFormToken } from "@/lib/core/domain/form-token";

// The dashboard's forms as a shopkeeper fills them (issue 28): amounts and phones typed the local
// way are accepted, and every error comes back beside the field it concerns, in the member's
// language, with no raw code and no developer English. Each server action runs as Next runs it,
// with the owner's session cookie on the sandbox, against the real database.

vi.mock("next/headers", async () => (await import("../helpers/next-request")).nextHeaders);
vi.mock("next/cache", async () => (await import("../helpers/next-request")).nextCache);
vi.mock("next-intl/server", async () => (await import("../helpers/next-request")).nextIntlServer());

type Locale = "en" | "fr";
const catalogs = { en, fr };
type Action = (state: ActionState, form: FormData) => Promise<ActionState>;

let cookie: string;
let merchantId: string;

/** A message of the apiErrors namespace ("rules.required") in `locale`. */
const said = (locale: Locale, key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogs[locale].apiErrors) as string;

/** The form as its page draws it, with a new one-time token (the withdrawal is made once per token), then posted. */
async function post(action: Action, fields: Record<string, string>, locale: Locale = "en"): Promise<ActionState> {
  browseWith(cookie);
  nextRequest.locale = locale;
  const form = new FormData();
  for (const [name, value] of Object.entries({ [FORM_TOKEN_FIELD]: newFormToken(), ...fields })) form.set(name, value);
  return action(null, form);
}

/** What the member reads: no code of the catalog, none of the API's details ("amount must be a number", "description is required"). */
function expectForPeople(state: ActionState) {
  const text = [state?.error, ...Object.values(state?.fieldErrors ?? {})].join(" ");
  expect(text).not.toMatch(/\b[1-5]\d{4}\b|\(\d+\)/);
  expect(text).not.toMatch(/must be|not supported|international format|\b(amount|currency|description|customerEmail|customerPhone|callbackUrl|expiresIn|gatewayName|country|beneficiaryPhone|supportEmail|supportPhone|name) is\b/);
}

/** In both languages: the error is beside `field`, in the words of `key`, the form told to look at it. */
async function expectFieldError(action: Action, fields: Record<string, string>, field: string, key: string) {
  for (const locale of ["en", "fr"] as const) {
    const state = await post(action, fields, locale);
    expect(state, `${locale} ${JSON.stringify(fields)}`).toMatchObject({ error: said(locale, "summary"), fieldErrors: { [field]: said(locale, key) } });
    expectForPeople(state);
  }
}

const link = { amount: "5000", currency: "XOF", description: "Gâteau d'anniversaire" };
// step=confirm: the second step of the form, the one that withdraws (the first only asks).
const payout = { amount: "1000", currency: "XOF", gatewayName: "MTN_MOMO_CI", country: "CI", beneficiaryPhone: "0700000555", step: "confirm" };

beforeAll(async () => {
  const owner = await signedUpMerchant({ businessName: "Boutique des formulaires" });
  cookie = owner.browser.cookieHeader();
  const user = await db().user.findUniqueOrThrow({ where: { email: owner.email }, include: { members: true } });
  merchantId = user.members[0].organizationId;
  // A shop in Abidjan, with money to pay out.
  await db().merchant.update({ where: { id: merchantId }, data: { country: "CI" } });
  const { key } = await newKey(merchantId, "sandbox");
  await fundMerchant(key, [20_000]);
});

describe("amounts and phones typed the local way", () => {
  it("a link of \"5 000\" (narrow no-break space) for \"07 00 00 04 44\" is 5000 XOF for +2250700000444", async () => {
    const target = await redirectOf(() => post(createLinkAction, { ...link, amount: "5\u202f000", customerPhone: "07 00 00 04 44" }, "fr"));
    const reference = /LINK_TEST_[0-9A-Z]{26}/.exec(target ?? "")?.[0];
    expect(reference, String(target)).toBeDefined();
    const row = await db().paymentLink.findUniqueOrThrow({ where: { reference } });
    expect([row.amountMinor, row.currency, row.customerPhone]).toEqual([5000n, "XOF", "+2250700000444"]);
  });

  it("\"5.000\" and \"5 000\" are five thousand too", async () => {
    for (const amount of ["5.000", "5 000", "5\u00a0000"]) {
      const target = await redirectOf(() => post(createLinkAction, { ...link, amount }));
      const row = await db().paymentLink.findUniqueOrThrow({ where: { reference: /LINK_TEST_[0-9A-Z]{26}/.exec(target!)![0] } });
      expect(row.amountMinor, amount).toBe(5000n);
    }
  });

  it("a payout of \"1 000\" to \"07 00 00 05 55\" in Côte d'Ivoire", async () => {
    const state = await post(requestTransferAction, { ...payout, amount: "1 000", beneficiaryPhone: "07 00 00 05 55" }, "fr");
    const reference = /TRF_TEST_[0-9A-Z]{26}/.exec(state?.message ?? "")?.[0];
    expect(state?.error, JSON.stringify(state)).toBeUndefined();
    const row = await db().transfer.findUniqueOrThrow({ where: { reference } });
    expect([row.amountMinor, row.beneficiaryPhone]).toEqual([1000n, "+2250700000555"]);
  });

  it("the support phone in settings, in the merchant's country's local form", async () => {
    const state = await post(saveSettingsAction, { name: "Boutique des formulaires", supportPhone: "07 00 00 04 44" });
    expect(state).toEqual({ message: en.dashboard.settings.saved });
    expect((await db().merchant.findUniqueOrThrow({ where: { id: merchantId } })).supportPhone).toBe("+2250700000444");
  });
});

describe("a withdrawal: asked before it is made, and the most that can be withdrawn (issue 35)", () => {
  const available = async () => (await readAvailableMinor(db(), merchantId, "sandbox", "XOF"));
  const gatewayFees = async () => feeSchedule((await findMerchantGateway(db(), "withdrawal", merchantId, "MTN_MOMO_CI"))!);

  it("the first step only asks: amount, fees and what leaves the balance, nothing written", async () => {
    const before = await db().transfer.count({ where: { merchantId } });
    const { step: _confirm, ...firstStep } = payout;
    const state = await post(requestTransferAction, { ...firstStep, amount: "1 000" }, "fr");
    const fee = computeFeesMinor(1000n, "XOF", await gatewayFees());
    expect(state?.error, JSON.stringify(state)).toBeUndefined();
    expect(state?.confirm?.question).toContain(formatMinor(1000n + fee, "XOF", "fr"));
    // Who receives it, named before "Yes": the number grouped as people read it, and the operator.
    expect(state?.confirm?.facts).toEqual(expect.arrayContaining([expect.objectContaining({ value: "+225 07 00 00 05 55" }), expect.objectContaining({ value: "MTN MoMo Côte d'Ivoire" })]));
    expect(state?.fields).toMatchObject({ amount: "1 000", beneficiaryPhone: "0700000555" });
    expect(await db().transfer.count({ where: { merchantId } })).toBe(before);
  });

  it("the most: the balance less that amount's own fees is accepted, one franc more is refused saying the most", async () => {
    const balance = await available();
    const max = maxAmountWithinMinor(balance, "XOF", await gatewayFees());
    expect(max).toBeGreaterThan(0n);
    expect(max + computeFeesMinor(max, "XOF", await gatewayFees())).toBeLessThanOrEqual(balance);
    expect(max + 1n + computeFeesMinor(max + 1n, "XOF", await gatewayFees())).toBeGreaterThan(balance);
    for (const locale of ["en", "fr"] as const) {
      const whole = await post(requestTransferAction, { ...payout, amount: String(balance) }, locale);
      const words = catalogs[locale].dashboard.balance.overMax.replace("{max}", formatMinor(max, "XOF", locale));
      expect(whole, locale).toMatchObject({ code: 40013, fieldErrors: { amount: words } });
      expect(await post(requestTransferAction, { ...payout, amount: String(max + 1n) }, locale)).toMatchObject({ code: 40013, fieldErrors: { amount: words } });
    }
    const state = await post(requestTransferAction, { ...payout, amount: String(max) }, "fr");
    expect(state?.message, JSON.stringify(state)).toMatch(/TRF_TEST_/);
    expect(await available()).toBe(0n);
  });
});

describe("the balance in a shopkeeper's words (issue 35)", () => {
  it("money in, refunds, withdrawals and their fees add up to the available balance", async () => {
    const [summary] = await balanceSummary(db(), { merchantId, environment: "sandbox" } as MerchantScope, {});
    const transfers = await db().transfer.findMany({ where: { merchantId, environment: "sandbox", status: { not: "failed" } } });
    expect(transfers.length).toBeGreaterThan(0);
    const fees = transfers.reduce((sum, t) => sum + t.feesMinor, 0n);
    const amounts = transfers.reduce((sum, t) => sum + t.amountMinor, 0n);
    expect(summary).toMatchObject({ currency: "XOF", moneyInMinor: 20_000n, refundsMinor: 0n, payoutsMinor: -amounts, feesMinor: -fees, otherMinor: 0n });
    expect(summary.balanceMinor).toBe(await readAvailableMinor(db(), merchantId, "sandbox", "XOF"));
    expect(summary.moneyInMinor + summary.refundsMinor + summary.payoutsMinor + summary.feesMinor).toBe(summary.balanceMinor);
  });
});

describe("errors beside their field, in the member's language", () => {
  it("the new link form: every code it can produce", async () => {
    const before = await db().paymentLink.count({ where: { merchantId } });
    await expectFieldError(createLinkAction, { ...link, amount: "cinq mille" }, "amount", "rules.not_a_number");
    await expectFieldError(createLinkAction, { ...link, amount: "5000,5" }, "amount", "rules.decimals");
    await expectFieldError(createLinkAction, { ...link, amount: "0" }, "amount", "codes.40010");
    await expectFieldError(createLinkAction, { ...link, currency: "ZZZ" }, "currency", "codes.40015");
    await expectFieldError(createLinkAction, { ...link, description: "" }, "description", "rules.required");
    await expectFieldError(createLinkAction, { ...link, customerEmail: "awa@" }, "customerEmail", "rules.email");
    await expectFieldError(createLinkAction, { ...link, customerPhone: "12" }, "customerPhone", "codes.40014");
    await expectFieldError(createLinkAction, { ...link, callbackUrl: "http://example.com/hook" }, "callbackUrl", "codes.40021");
    await expectFieldError(createLinkAction, { ...link, expiresIn: "1" }, "expiresIn", "codes.40023");
    await expectFieldError(createLinkAction, { ...link, description: "a\u0000b" }, "description", "rules.unstorable");
    expect(await db().paymentLink.count({ where: { merchantId } })).toBe(before);
  });

  it("the payout form: every code it can produce, and no payout written", async () => {
    const before = await db().transfer.count({ where: { merchantId } });
    await expectFieldError(requestTransferAction, { ...payout, amount: "" }, "amount", "rules.required");
    await expectFieldError(requestTransferAction, { ...payout, amount: "1000,5" }, "amount", "rules.decimals");
    await expectFieldError(requestTransferAction, { ...payout, gatewayName: "NOPE_CI" }, "gatewayName", "codes.40012");
    await expectFieldError(requestTransferAction, { ...payout, country: "SN" }, "country", "codes.40011");
    await expectFieldError(requestTransferAction, { ...payout, currency: "XAF" }, "currency", "codes.40015");
    await expectFieldError(requestTransferAction, { ...payout, beneficiaryPhone: "07 00" }, "beneficiaryPhone", "codes.40014");
    expect(await db().transfer.count({ where: { merchantId } })).toBe(before);
  });

  it("the settings form", async () => {
    await expectFieldError(saveSettingsAction, { name: "" }, "name", "rules.required");
    await expectFieldError(saveSettingsAction, { name: "Boutique", supportEmail: "nope" }, "supportEmail", "rules.email");
    await expectFieldError(saveSettingsAction, { name: "Boutique", supportPhone: "07" }, "supportPhone", "codes.40014");
    expect((await db().merchant.findUniqueOrThrow({ where: { id: merchantId } })).name).toBe("Boutique des formulaires");
  });

  it("an error about no field is the form's, still in the member's words", async () => {
    const viewer = await signedUpMerchant({ businessName: "Own shop of a viewer" });
    const user = await db().user.findUniqueOrThrow({ where: { email: viewer.email } });
    await db().member.create({ data: { id: randomUUID(), organizationId: merchantId, userId: user.id, role: "viewer", createdAt: new Date() } });
    await db().session.updateMany({ where: { userId: user.id }, data: { activeOrganizationId: merchantId } });
    const owner = cookie;
    cookie = viewer.browser.cookieHeader();
    try {
      for (const locale of ["en", "fr"] as const) {
        const state = await post(requestTransferAction, payout, locale);
        expect(state).toEqual({ error: said(locale, "codes.40001"), code: 40001 });
        expectForPeople(state);
      }
    } finally {
      cookie = owner;
    }
  });
});

describe("receipts for customers in the settings (issue 36 part 4)", () => {
  const sendReceipts = async () => (await db().merchant.findUniqueOrThrow({ where: { id: merchantId } })).sendReceipts;
  const settings = { name: "Boutique des formulaires", supportPhone: "", supportEmail: "", defaultLanguage: "" };
  const checkbox = async () => {
    browseWith(cookie);
    const render = (await import("@/app/dashboard/(app)/settings/page")).default;
    return elementsOf(await render(), "input").find((input) => input.name === "sendReceipts");
  };

  it("are off by default, turned on and off by the form, and left alone by a form without the box", async () => {
    expect(await sendReceipts()).toBe(false);
    expect((await checkbox())?.defaultChecked).toBe(false);
    expect(await post(saveSettingsAction, { ...settings, receiptsShown: "1", sendReceipts: "on" }, "fr")).toEqual({ message: fr.dashboard.settings.saved });
    expect(await sendReceipts()).toBe(true);
    expect((await checkbox())?.defaultChecked).toBe(true);
    // An older page, without the box: nothing to say about receipts.
    await post(saveSettingsAction, settings);
    expect(await sendReceipts()).toBe(true);
    // The box unticked: the browser sends no sendReceipts at all.
    expect(await post(saveSettingsAction, { ...settings, receiptsShown: "1" })).toEqual({ message: en.dashboard.settings.saved });
    expect(await sendReceipts()).toBe(false);
  });

  it("cannot be turned on by a member whose role may not change the settings", async () => {
    const viewer = await signedUpMerchant({ businessName: "Own shop of a receipts viewer" });
    const user = await db().user.findUniqueOrThrow({ where: { email: viewer.email } });
    await db().member.create({ data: { id: randomUUID(), organizationId: merchantId, userId: user.id, role: "viewer", createdAt: new Date() } });
    await db().session.updateMany({ where: { userId: user.id }, data: { activeOrganizationId: merchantId } });
    const owner = cookie;
    cookie = viewer.browser.cookieHeader();
    try {
      expect(await post(saveSettingsAction, { ...settings, receiptsShown: "1", sendReceipts: "on" })).toEqual({ error: said("en", "codes.40001"), code: 40001 });
      expect(await sendReceipts()).toBe(false);
      // The viewer reads the setting, with no box to change it.
      expect(await checkbox()).toBeUndefined();
    } finally {
      cookie = owner;
    }
  });
});
