import { NextIntlClientProvider } from "next-intl";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createPageAction, setPageSlugAction, switchPageAction } from "@/app/dashboard/(app)/pages/actions";
import type { ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { db } from "@/lib/core/db/client";
import { ENVIRONMENT_HEADER } from "@/lib/core/request/environment-header";
import { createPaymentLink } from "@/lib/features/links/create-payment-link";
import { getMerchantPage, getPagePoster, listMerchantPages } from "@/lib/surfaces/dashboard/pages-queries";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import { ORIGIN } from "../helpers/api-client";
import { signedUpMerchant } from "../helpers/auth-session";
import { browseWith, elementsOf, nextRequest, redirectOf } from "../helpers/next-request";
import { contractError } from "../helpers/contract-error";

// Issue 36 part 3: payment pages made and run from the dashboard. The form goes through the API's
// schema and createPaymentPage (same rules, its errors beside the fields in the member's
// language); the list and detail read the same totals as the API; the switch is the API's; and
// another merchant's page is the dashboard's 404.

vi.mock("next/headers", async () => (await import("../helpers/next-request")).nextHeaders);
vi.mock("next/cache", async () => (await import("../helpers/next-request")).nextCache);
vi.mock("next-intl/server", async () => (await import("../helpers/next-request")).nextIntlServer());

type Locale = "en" | "fr";
type Action = (state: ActionState, form: FormData) => Promise<ActionState>;
const catalogs = { en, fr };

let owner: { cookie: string; merchantId: string };
let stranger: { cookie: string; merchantId: string };

async function member(businessName: string) {
  const { browser, email } = await signedUpMerchant({ businessName });
  const merchantId = (await db().member.findFirstOrThrow({ where: { user: { email } } })).organizationId;
  await db().merchant.update({ where: { id: merchantId }, data: { country: "CI" } });
  return { cookie: browser.cookieHeader(), merchantId };
}

async function post(action: Action, fields: Record<string, string>, options: { locale?: Locale; as?: typeof owner; live?: boolean } = {}) {
  browseWith((options.as ?? owner).cookie);
  if (options.live) nextRequest.headers.delete(ENVIRONMENT_HEADER);
  nextRequest.locale = options.locale ?? "en";
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return action(null, form);
}

/** Makes a page through the form; its reference, from where the form sent the member. */
async function createFromForm(fields: Record<string, string>) {
  const target = await redirectOf(() => post(createPageAction, fields, { locale: "fr" }));
  expect(target).toMatch(/^\/test\/dashboard\/pages\/PAGE_TEST_[0-9A-Z]{26}\?created=1$/);
  return /PAGE_TEST_[0-9A-Z]{26}/.exec(target!)![0];
}

const said = (locale: Locale, key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogs[locale].apiErrors) as string;

async function expectFieldError(fields: Record<string, string>, field: string, key: string) {
  for (const locale of ["en", "fr"] as const) {
    const state = await post(createPageAction, fields, { locale });
    expect(state, `${locale} ${JSON.stringify(fields)}`).toMatchObject({ error: said(locale, "summary"), fieldErrors: { [field]: said(locale, key) } });
  }
}

/** A completed payment of `amount` on the page, as a settled attempt leaves its link. */
async function paid(reference: string, amount: number) {
  const page = await db().paymentPage.findUniqueOrThrow({ where: { reference } });
  const link = await createPaymentLink(db(), {
    merchantId: page.merchantId, environment: page.environment, paymentPageReference: reference,
    input: { amount, currency: "XOF", description: page.description, expiresIn: 1800 },
  });
  await db().paymentLink.update({ where: { id: link.id }, data: { status: "completed", completedAt: new Date(), paidByDepositId: `dep_${link.id}` } });
  return link.reference;
}

const sandbox = () => ({ merchantId: owner.merchantId, environment: "sandbox" as const });

beforeAll(async () => {
  owner = await member("Boutique Awa");
  stranger = await member("Autre boutique");
});

describe("the new payment page form", () => {
  it("makes a page at a set price typed the local way", async () => {
    for (const [typed, minor] of [["2 500", 2500n], ["2.500", 2500n], ["2500", 2500n]] as const) {
      const reference = await createFromForm({ description: "Jus de bissap", currency: "XOF", amountType: "fixed", amount: typed, minAmount: "100" });
      const page = await db().paymentPage.findUniqueOrThrow({ where: { reference } });
      // The range typed under the other choice is not read: a set price only.
      expect(page).toMatchObject({ merchantId: owner.merchantId, environment: "sandbox", amountMinor: minor, minAmountMinor: null, maxAmountMinor: null, maxPayments: null, expiresAt: null });
    }
  });

  it("makes a page where the customer chooses, with a range, a maximum of payments and an expiry", async () => {
    const reference = await createFromForm({
      description: "Marché de Cocody", currency: "XOF", amountType: "customer_chooses", amount: "999", minAmount: "500", maxAmount: "10 000", maxPayments: "2", expiresIn: "86400",
    });
    const page = await db().paymentPage.findUniqueOrThrow({ where: { reference } });
    expect(page).toMatchObject({ amountMinor: null, minAmountMinor: 500n, maxAmountMinor: 10_000n, maxPayments: 2 });
    expect(page.expiresAt!.getTime() - page.createdAt.getTime()).toBe(86_400_000);
  });

  it("answers bad fields beside them, in the member's language, and makes nothing", async () => {
    const before = await db().paymentPage.count({ where: { merchantId: owner.merchantId } });
    const base = { description: "Gâteaux", currency: "XOF" };
    await expectFieldError({ ...base, amountType: "fixed", amount: "" }, "amount", "rules.required");
    await expectFieldError({ ...base, amountType: "fixed", amount: "deux mille" }, "amount", "rules.not_a_number");
    await expectFieldError({ ...base, amountType: "fixed", amount: "2500,5" }, "amount", "rules.decimals");
    await expectFieldError({ ...base, amountType: "fixed", amount: "0" }, "amount", "codes.40010");
    await expectFieldError({ ...base, amountType: "customer_chooses", minAmount: "cinq cents" }, "minAmount", "rules.not_a_number");
    await expectFieldError({ ...base, amountType: "customer_chooses", maxAmount: "99999999999" }, "maxAmount", "rules.too_large");
    await expectFieldError({ ...base, amountType: "customer_chooses", minAmount: "5000", maxAmount: "1000" }, "minAmount", "rules.min_above_max");
    await expectFieldError({ ...base, amountType: "customer_chooses", maxPayments: "0" }, "maxPayments", "codes.40023");
    await expectFieldError({ ...base, description: "", amountType: "customer_chooses" }, "description", "rules.required");
    await expectFieldError({ ...base, currency: "ZZZ", amountType: "customer_chooses" }, "currency", "codes.40015");
    expect(await db().paymentPage.count({ where: { merchantId: owner.merchantId } })).toBe(before);
  });

  it("refuses a live page before live payments are activated, with the reason, and the page says so instead of the form", async () => {
    const state = await post(createPageAction, { description: "Réel", currency: "XOF", amountType: "fixed", amount: "1000" }, { locale: "fr", live: true });
    expect(state).toMatchObject({ error: fr.activation.liveRefused, code: 40001 });
    expect(await db().paymentPage.count({ where: { merchantId: owner.merchantId, environment: "live" } })).toBe(0);
    const { default: NewPage } = await import("@/app/dashboard/(app)/pages/new/page");
    const page = await NewPage();
    expect(elementsOf(page, "form")).toEqual([]);
    expect(elementsOf(page, "p").map((p) => p.children)).toContain(fr.dashboardPages.new.liveRefused);
  });
});

describe("the pages list, detail and switch", () => {
  it("lists the environment's pages with their status, payments and total; the detail lists payments newest first", async () => {
    const reference = await createFromForm({ description: "Poisson braisé", currency: "XOF", amountType: "customer_chooses", maxPayments: "2" });
    const first = await paid(reference, 1500);
    const second = await paid(reference, 3000);
    const listed = (await listMerchantPages(sandbox())).find((p) => p.page.reference === reference)!;
    expect(listed).toMatchObject({ status: "exhausted", paymentsCount: 2, amountCollectedMinor: 4500n, rule: { type: "customer_chooses" } });
    // The live dashboard lists none of the sandbox's pages.
    expect(await listMerchantPages({ merchantId: owner.merchantId, environment: "live" })).toEqual([]);
    const detail = await getMerchantPage(sandbox(), reference, ORIGIN);
    expect(detail.payments.map((p) => p.reference)).toEqual([second, first]);
    expect(detail).toMatchObject({ status: "exhausted", paymentsCount: 2, amountCollectedMinor: 4500n, url: `${ORIGIN}/test/p/${reference}` });
    expect(detail.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    // Full: it cannot be turned back on, and says why.
    await post(switchPageAction, { reference, to: "inactive" });
    const refused = await post(switchPageAction, { reference, to: "active" }, { locale: "fr" });
    expect(refused).toMatchObject({ error: fr.dashboardPages.detail.cannotTurnOn, code: 40020 });
  });

  it("turns a page off and on, the detail page showing the state after each post", async () => {
    const reference = await createFromForm({ description: "Attiéké", currency: "XOF", amountType: "fixed", amount: "1000" });
    const { default: Detail } = await import("@/app/dashboard/(app)/pages/[reference]/page");
    const render = async () => {
      browseWith(owner.cookie);
      nextRequest.locale = "fr";
      return Detail({ params: Promise.resolve({ reference }), searchParams: Promise.resolve({}) });
    };
    // What the switch's form would post next: the state it shows.
    const switchTo = async () => elementsOf(await render(), "input").find((i) => i.name === "to")?.value;
    expect(await switchTo()).toBe("inactive");
    expect(await post(switchPageAction, { reference, to: "inactive" }, { locale: "fr" })).toEqual({ message: fr.dashboardPages.detail.turnedOff });
    expect((await getMerchantPage(sandbox(), reference, ORIGIN)).status).toBe("inactive");
    expect(await switchTo()).toBe("active");
    expect(await post(switchPageAction, { reference, to: "active" }, { locale: "fr" })).toEqual({ message: fr.dashboardPages.detail.turnedOn });
    expect((await getMerchantPage(sandbox(), reference, ORIGIN)).status).toBe("active");
  });

  it("prints a poster with the business, the operators of its country and the page's short address", async () => {
    const reference = await createFromForm({ description: "Coiffure", currency: "XOF", amountType: "fixed", amount: "3000" });
    const poster = await getPagePoster(sandbox(), reference, ORIGIN);
    expect(poster.merchant.name).toBe("Boutique Awa");
    // The merchant's country alone, named once above its operators.
    expect(poster.operators.map((c) => c.country)).toEqual(["CI"]);
    expect(poster.operators[0].gateways).toContain("MTN_MOMO_CI");
    expect(poster.operators[0].gateways.every((name) => name.endsWith("_CI"))).toBe(true);
    // "Was I charged?" (issue 51), the sandbox's.
    expect(poster.lookupUrl).toBe(`${ORIGIN}/test/check`);
  });

  it("prints the typable short address, \"vous choisissez le montant\" and the country once (issue 51)", async () => {
    const slug = `boutique-awa-${Date.now().toString(36)}`;
    const reference = await createFromForm({ description: "Marché", slug: ` ${slug.toUpperCase()} `, currency: "XOF", amountType: "customer_chooses" });
    const Poster = (await import("@/app/dashboard/(app)/pages/[reference]/poster/page")).default;
    const draw = async (fields: Record<string, string> = {}) => {
      browseWith(owner.cookie);
      nextRequest.locale = "fr";
      return renderToStaticMarkup(await Poster({ params: Promise.resolve({ reference }), searchParams: Promise.resolve(fields) }));
    };
    let html = await draw();
    expect(html).toContain(`<strong>pay.test/test/p/${slug}</strong>`);
    expect(html).not.toContain(`<strong>pay.test/test/p/${reference}`);
    expect(html).toContain("Vous choisissez le montant");
    // Any amount: no range said. Côte d'Ivoire named once, its operators without it.
    expect(html).not.toContain("Vous choisissez le montant<span>");
    expect(html.match(/Côte d’Ivoire/g)).toHaveLength(1);
    expect(html).toContain("MTN MoMo");
    expect(html).not.toContain("MTN MoMo Côte");
    // A range the merchant set is said with it.
    await db().paymentPage.update({ where: { reference }, data: { minAmountMinor: 500n, maxAmountMinor: 20_000n } });
    html = await draw({ size: "a6" });
    expect(html).toMatch(/Vous choisissez le montant<span>de 500[^<]* à 20\s000[^<]*<\/span>/);
  });

  it("a page that takes no more payments (all paid) gives the customer the shop's phone (issue 51)", async () => {
    const reference = await createFromForm({ description: "Places", currency: "XOF", amountType: "fixed", amount: "1000", maxPayments: "1" });
    const CustomerPage = (await import("@/app/p/[reference]/page")).default;
    const draw = async () => {
      browseWith(owner.cookie);
      nextRequest.locale = "fr";
      const tree = (await CustomerPage({ params: Promise.resolve({ reference }), searchParams: Promise.resolve({}) })) as ReactNode;
      // Its language switch is a client component, which reads the provider the layout gives it.
      return renderToStaticMarkup(createElement(NextIntlClientProvider, { locale: "fr", messages: fr, timeZone: "UTC", children: tree }));
    };
    await db().merchant.update({ where: { id: owner.merchantId }, data: { supportPhone: "+2250700000111" } });
    // Open: the form, no phone call needed.
    expect(await draw()).not.toContain("tel:");
    await paid(reference, 1000);
    const full = await draw();
    expect(full).toContain(fr.paymentPage.closed.exhausted.replace("{merchant}", "Boutique Awa"));
    expect(full).toContain('<a href="tel:+2250700000111">+225 07 00 00 01 11</a>');
    expect(full).toContain(fr.paymentPage.callMerchant.replace("{merchant}", "Boutique Awa"));
    // Without a phone on file, nothing to call.
    await db().merchant.update({ where: { id: owner.merchantId }, data: { supportPhone: null } });
    expect(await draw()).not.toContain("tel:");
  });

  it("sets, changes and removes the short address from the page's screen, the error beside the field", async () => {
    const reference = await createFromForm({ description: "Coiffure", currency: "XOF", amountType: "fixed", amount: "3000" });
    const slug = `coiffure-${Date.now().toString(36)}`;
    expect(await post(setPageSlugAction, { reference, slug }, { locale: "fr" })).toEqual({ message: fr.dashboardPages.detail.slugSaved });
    expect((await getMerchantPage(sandbox(), reference, ORIGIN)).url).toBe(`${ORIGIN}/test/p/${slug}`);
    // Taken by another page (another merchant's: tests/payment-pages/slugs.integration.test.ts), reserved, malformed: said beside the field in the member's language.
    const theirs = `pris-${Date.now().toString(36)}`;
    await createFromForm({ description: "Autre", slug: theirs, currency: "XOF", amountType: "fixed", amount: "100" });
    for (const [typed, rule] of [[theirs, "slug_taken"], ["admin", "slug_reserved"], ["boutique awa", "slug_characters"]] as const) {
      const state = await post(setPageSlugAction, { reference, slug: typed }, { locale: "fr" });
      expect(state, typed).toMatchObject({ fieldErrors: { slug: fr.apiErrors.rules[rule] } });
    }
    expect((await db().paymentPage.findUniqueOrThrow({ where: { reference } })).slug).toBe(slug);
    // Another merchant cannot set it.
    expect(await post(setPageSlugAction, { reference, slug: `vol-${Date.now().toString(36)}` }, { as: stranger })).toMatchObject({ code: 40004 });
    expect(await post(setPageSlugAction, { reference, slug: "" }, { locale: "fr" })).toEqual({ message: fr.dashboardPages.detail.slugRemoved });
    expect((await getMerchantPage(sandbox(), reference, ORIGIN)).url).toBe(`${ORIGIN}/test/p/${reference}`);
  });

  it("takes the short address on the new page form, and refuses a bad one beside the field", async () => {
    const slug = `jus-${Date.now().toString(36)}`;
    const reference = await createFromForm({ description: "Jus", slug, currency: "XOF", amountType: "fixed", amount: "500" });
    expect((await db().paymentPage.findUniqueOrThrow({ where: { reference } })).slug).toBe(slug);
    await expectFieldError({ description: "Jus", slug, currency: "XOF", amountType: "fixed", amount: "500" }, "slug", "rules.slug_taken");
    await expectFieldError({ description: "Jus", slug: "api", currency: "XOF", amountType: "fixed", amount: "500" }, "slug", "rules.slug_reserved");
  });

  it("does not show another merchant's page: the dashboard's 404, and its actions change nothing", async () => {
    const reference = await createFromForm({ description: "Privé", currency: "XOF", amountType: "fixed", amount: "1000" });
    const theirs = { merchantId: stranger.merchantId, environment: "sandbox" as const };
    expect(await contractError(getMerchantPage(theirs, reference, ORIGIN))).toMatchObject({ code: 40004 });
    expect(await listMerchantPages(theirs)).toEqual([]);
    const pages = { detail: await import("@/app/dashboard/(app)/pages/[reference]/page"), poster: await import("@/app/dashboard/(app)/pages/[reference]/poster/page") };
    for (const [file, { default: render }] of Object.entries(pages) as [string, { default: (props: unknown) => Promise<unknown> }][]) {
      browseWith(stranger.cookie);
      const digest = await render({ params: Promise.resolve({ reference }), searchParams: Promise.resolve({}) }).then(() => "shown", (error: { digest?: string }) => error.digest);
      expect(digest, file).toMatch(/^NEXT_HTTP_ERROR_FALLBACK;404/);
    }
    const state = await post(switchPageAction, { reference, to: "inactive" }, { as: stranger });
    expect(state?.code).toBe(40004);
    expect((await db().paymentPage.findUniqueOrThrow({ where: { reference } })).status).toBe("active");
  });
});
