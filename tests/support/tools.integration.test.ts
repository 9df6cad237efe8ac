// Issue 35, part 3: the support view's tools. Search by a phone as a shopkeeper types it and by a
// member's e-mail, the payment page in words with amounts in their currency, reconciliation run
// from the page (an admin's, audited), pending activations on the overview, and the merchant's
// owners mailed the activation decision. Real database, the real route handlers, real sessions; the
// pages rendered with the data their API answers.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NextIntlClientProvider } from "next-intl";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { OverviewView } from "@/components/support/overview-view";
import { PaymentDetailView } from "@/components/support/payment-detail-view";
import { ReconciliationView } from "@/components/support/reconciliation-view";
import { StaffContext } from "@/components/support/staff-context";
import { submitActivationRequest } from "@/lib/features/activation/submit-activation-request";
import { createMerchant } from "@/lib/features/merchants/create-merchant";
import { db } from "@/lib/core/db/client";
import { ulid } from "@/lib/core/domain/ulid";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import { call } from "../helpers/api-client";
import { newMerchant, validActivationForm, validLink } from "../helpers/fixtures";
import { expectReconciled } from "../helpers/reconciled";
import { startMtnMomoFake, type MtnMomoFake } from "../fakes/mtn-momo-fake";
import { mtnMomoFakeEnv } from "../fakes/start-operator-fakes";
import { staffSession, type StaffSession } from "../helpers/staff-session";

let support: StaffSession;
let admin: StaffSession;
const as = (who: StaffSession) => ({ cookie: who.cookie, "x-csrf-token": who.csrf });

beforeAll(async () => {
  support = await staffSession("support");
  admin = await staffSession("admin");
});

/** A support-view page as the browser renders it, its queries already answered with what the API said. */
function renderPage(page: ReactElement, who: StaffSession & { role: "support" | "admin" }, answers: [string, unknown][], locale: "en" | "fr" = "en") {
  const client = new QueryClient();
  for (const [path, data] of answers) client.setQueryData(["support", path, {}], data);
  const staff = createElement(StaffContext.Provider, { value: { email: who.email, role: who.role, csrfToken: who.csrf } }, page);
  const queries = createElement(QueryClientProvider, { client, children: staff });
  return renderToStaticMarkup(createElement(NextIntlClientProvider, { locale, messages: locale === "en" ? en : fr, timeZone: "UTC", children: queries }));
}

/** A dashboard user who is a member of `merchantId` with `role` (the rows better-auth's organization plugin keeps). */
async function memberOf(merchantId: string, role: string, email = `${role}-${ulid().toLowerCase()}@shop.example`) {
  const org = await db().organization.findUnique({ where: { id: merchantId } });
  if (!org) await db().organization.create({ data: { id: merchantId, name: merchantId, slug: merchantId.toLowerCase(), createdAt: new Date() } });
  const user = await db().user.create({ data: { id: `usr_${ulid()}`, name: role, email } });
  await db().member.create({ data: { id: `mem_${ulid()}`, organizationId: merchantId, userId: user.id, role, createdAt: new Date() } });
  return user;
}

/** Eight random digits: numbers no other test uses. */
const eightDigits = () => String(Math.floor(Math.random() * 1e8)).padStart(8, "0");

describe("support search", () => {
  it("finds a payment by a local phone number, as a shopkeeper in Côte d'Ivoire types it", async () => {
    const merchant = await newMerchant();
    const digits = eightDigits();
    const link = await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: { ...validLink, customerPhone: `+22507${digits}` } });
    expect(link.status).toBe(200);
    const local = `07 ${digits.replace(/(\d\d)(?=\d)/g, "$1 ")}`;
    for (const q of [local, `07${digits}`, `+225 07${digits}`, `00225${"07" + digits}`]) {
      const found = await call("GET", "/admin/api/search", { headers: as(support), query: { q } });
      expect([q, found.body.payments.map((p: { reference: string }) => p.reference)]).toEqual([q, [link.body.reference]]);
    }
  });

  it("finds a merchant by the e-mail of one of its dashboard members", async () => {
    const merchant = await newMerchant();
    const member = await memberOf(merchant.id, "developer");
    const found = await call("GET", "/admin/api/search", { headers: as(support), query: { q: member.email.toUpperCase() } });
    expect(found.status).toBe(200);
    expect(found.body.merchants.map((m: { id: string }) => m.id)).toEqual([merchant.id]);
  });
});

describe("the support view's payment page", () => {
  it("labels fields in words and prints amounts with their currency, in English and French", async () => {
    const merchant = await newMerchant();
    const link = await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: { ...validLink, amount: 12500, customerPhone: `+22507${eightDigits()}` } });
    const path = `/admin/api/payments/${link.body.reference}`;
    const detail = await call("GET", path, { headers: as(support) });
    expect(detail.status).toBe(200);

    const html = renderPage(createElement(PaymentDetailView, { reference: link.body.reference }), { ...support, role: "support" }, [[path, detail.body]]);
    expect(html).toContain("<dt>Amount</dt><dd>12,500\u00a0F\u00a0CFA</dd>");
    expect(html).toContain("<dt>Customer&#x27;s phone</dt>");
    expect(html).not.toMatch(/<dt>(customerPhone|amount|createdAt|paymentUrl)<\/dt>/);

    const french = renderPage(createElement(PaymentDetailView, { reference: link.body.reference }), { ...support, role: "support" }, [[path, detail.body]], "fr");
    expect(french).toMatch(/<dt>Montant<\/dt><dd>12\s500\sF\sCFA<\/dd>/u);
    expect(french).toContain("<dt>Téléphone du client</dt>");
  });
});

describe("reconciliation from the support view", () => {
  it("lets an admin run one pass (CSRF, audited) and answers what it did; support may not", async () => {
    const refused = await call("POST", "/admin/api/reconciliation/run", { headers: as(support) });
    expect([refused.status, refused.body.error?.code]).toEqual([403, 40001]);
    const noToken = await call("POST", "/admin/api/reconciliation/run", { headers: { cookie: admin.cookie } });
    expect(noToken.status).toBe(403);

    const run = await call("POST", "/admin/api/reconciliation/run", { headers: as(admin) });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({
      pass: { depositsRead: expect.any(Number), depositsSettled: expect.any(Number), transfersSettled: expect.any(Number), refundsSettled: expect.any(Number) },
      ok: expect.any(Boolean),
      open: expect.any(Array),
    });
    const audited = await db().auditEntry.findFirst({ where: { staffId: admin.id, action: "reconciliation.run" } });
    expect(audited?.details).toMatchObject(run.body.pass);
  });

  describe("against an operator", () => {
    let fake: MtnMomoFake;
    const saved = { ...process.env };
    beforeAll(async () => {
      fake = await startMtnMomoFake();
      Object.assign(process.env, mtnMomoFakeEnv(fake), { MTN_MOMO_COUNTRIES: "CI", OPERATOR_TIMEOUT_MS: "1000" });
    });
    afterAll(async () => {
      process.env = saved;
      await fake.close();
    });

    it("settles a live deposit its operator approved since, as npm run reconcile does (its calls outside any transaction)", async () => {
      const merchant = await newMerchant();
      const msisdn = `22507${eightDigits()}`;
      // Approved on the phone, no callback: only a read at the operator tells us.
      fake.script(msisdn, { customer: "approve", callback: "none" });
      const paid = await call("POST", "/api/v4/classic/deposit/initiate", {
        key: merchant.liveKey,
        body: { amount: 5000, currency: "XOF", customerPhone: `+${msisdn}`, country: "CI", gatewayName: "MTN_MOMO_CI" },
      });
      expect([paid.status, paid.body.status]).toEqual([200, "pending"]);

      const run = await call("POST", "/admin/api/reconciliation/run", { headers: as(admin) });
      expect(run.status).toBe(200);
      expect(run.body.pass.depositsRead).toBeGreaterThanOrEqual(1);
      expect(run.body.pass.depositsSettled).toBeGreaterThanOrEqual(1);
      expect(await db().deposit.findUniqueOrThrow({ where: { reference: paid.body.reference }, select: { status: true } })).toEqual({ status: "completed" });
      expect(run.body.open.map((o: { reference: string }) => o.reference)).not.toContain(paid.body.reference);
      await expectReconciled(merchant.id);
    });
  });

  it("gives admins the button instead of a command; support reads that an admin can", async () => {
    const report = await call("GET", "/admin/api/reconciliation", { headers: as(support) });
    const page = createElement(ReconciliationView);
    const forAdmin = renderPage(page, { ...admin, role: "admin" }, [["/admin/api/reconciliation", report.body]]);
    expect(forAdmin).toContain(`<button type="button" class="button">${en.support.reconciliation.run}</button>`);
    expect(forAdmin).not.toContain("npm run reconcile");
    const forSupport = renderPage(page, { ...support, role: "support" }, [["/admin/api/reconciliation", report.body]]);
    expect(forSupport).not.toContain("<button");
    expect(forSupport).toContain(en.support.reconciliation.runAdminOnly);
  });
});

/** A merchant not activated yet, its owner and a developer, and its activation request in review. */
async function shopInReview(defaultLanguage: "en" | "fr") {
  const merchant = await createMerchant(db(), { name: `Boutique ${ulid()}`, liveActivated: false, apiKeys: false });
  await db().merchant.update({ where: { id: merchant.id }, data: { defaultLanguage } });
  const owner = await memberOf(merchant.id, "owner");
  const developer = await memberOf(merchant.id, "developer");
  const request = await submitActivationRequest(db(), { merchantId: merchant.id, userId: owner.id, fields: validActivationForm });
  return { merchant, owner, developer, request };
}

const mailsTo = (email: string) => db().outboxMail.findMany({ where: { to: email } });

describe("the overview", () => {
  it("counts the activation requests waiting for review, and links to them", async () => {
    await shopInReview("en");
    const overview = await call("GET", "/admin/api/overview", { headers: as(support) });
    expect(overview.body.pendingActivations).toBe(await db().activationRequest.count({ where: { status: "in_review" } }));
    expect(overview.body.pendingActivations).toBeGreaterThan(0);
    const html = renderPage(createElement(OverviewView), { ...support, role: "support" }, [["/admin/api/overview", overview.body]]);
    expect(html).toContain(`<a href="/admin/activations">Activation requests waiting for review: ${overview.body.pendingActivations}</a>`);
  });
});

describe("the activation decision, mailed to the merchant's owners", () => {
  it("approved: the owners read it in the merchant's language; other members get nothing", async () => {
    const shop = await shopInReview("fr");
    const approved = await call("POST", `/admin/api/activations/${shop.request.id}/approve`, { headers: as(admin), body: {} });
    expect(approved.status).toBe(200);
    const mails = await mailsTo(shop.owner.email);
    expect(mails.map((m) => m.subject)).toEqual([`${shop.merchant.name} peut encaisser en production`]);
    expect(mails[0].text).toContain("a été acceptée");
    expect(await mailsTo(shop.developer.email)).toEqual([]);
  });

  it("refused: the owners read the reason", async () => {
    const shop = await shopInReview("en");
    const reason = "The RCCM number does not match the business name";
    const refused = await call("POST", `/admin/api/activations/${shop.request.id}/refuse`, { headers: as(admin), body: { reason } });
    expect(refused.status).toBe(200);
    const [mail, ...more] = await mailsTo(shop.owner.email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe(`Your activation request for ${shop.merchant.name} was refused`);
    expect(mail.text).toContain(reason);
    expect(mail.html).toContain(reason);
  });

  it("a mail that cannot be sent leaves the decision as it is", async () => {
    const shop = await shopInReview("en");
    // Nothing listens on port 1: the SMTP send fails.
    vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:1");
    try {
      const approved = await call("POST", `/admin/api/activations/${shop.request.id}/approve`, { headers: as(admin), body: {} });
      expect(approved.status).toBe(200);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(await db().merchant.findUniqueOrThrow({ where: { id: shop.merchant.id }, select: { liveActivatedAt: true } })).toEqual({ liveActivatedAt: expect.any(Date) });
    expect(await db().activationRequest.findUniqueOrThrow({ where: { id: shop.request.id }, select: { status: true } })).toEqual({ status: "approved" });
  });
});
