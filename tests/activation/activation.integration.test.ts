// Live activation (issue 28): a merchant opened by dashboard sign-up works in the sandbox, its
// live key answers 403/40001 until an admin of the support view approves its activation request
// (support reads it; issue 34: only the admin role decides), and merchants made by
// merchant:create stay active. Real database, the real route handlers, real sessions.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { submitActivationRequest } from "@/lib/features/activation/submit-activation-request";
import { dashboardLanding } from "@/lib/features/auth/dashboard-landing";
import { createMemberLogin } from "@/lib/features/auth/create-member-login";
import { findCheckoutLink } from "@/lib/features/checkout/get-checkout-link";
import { updateMerchantSettings } from "@/lib/features/merchants/update-merchant-settings";
import { readActivationState } from "@/lib/features/activation/activation-state";
import { db } from "@/lib/core/db/client";
import { ENVIRONMENT_HEADER } from "@/lib/core/request/environment-header";
import { LIVE_NOT_ACTIVATED_DETAILS } from "@/lib/features/merchants/live-activation";
import { call, ORIGIN } from "../helpers/api-client";
import { AuthBrowser, linkInOutbox, PASSWORD, signedUpMerchant, uniqueEmail } from "../helpers/auth-session";
import { newKey, newMerchant, validActivationForm, validLink } from "../helpers/fixtures";
import { browseWith, elementsOf, nextRequest, redirectOf } from "../helpers/next-request";
import { staffSession, type StaffSession } from "../helpers/staff-session";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import { contractError } from "../helpers/contract-error";

vi.mock("next/headers", async () => (await import("../helpers/next-request")).nextHeaders);
vi.mock("next/cache", async () => (await import("../helpers/next-request")).nextCache);
vi.mock("next-intl/server", async () => (await import("../helpers/next-request")).nextIntlServer());

let support: StaffSession;
let admin: StaffSession;

const staffHeaders = (who: StaffSession) => ({ cookie: who.cookie, "x-csrf-token": who.csrf });

/** A merchant opened by sign-up (not activated), its owner's user id, a live and a sandbox key. */
async function signedUpShop(businessName = `Boutique ${Date.now()}`) {
  const { browser, email } = await signedUpMerchant({ businessName });
  const user = await db().user.findUniqueOrThrow({ where: { email }, include: { members: true } });
  const merchantId = user.members[0].organizationId;
  return { browser, merchantId, userId: user.id, live: (await newKey(merchantId, "live")).key, sandbox: (await newKey(merchantId, "sandbox")).key };
}

const form = validActivationForm;

const createLink = (key: string, live = true) => call("POST", `${live ? "" : "/test"}/api/v4/payments/link`, { key, body: validLink });

beforeAll(async () => {
  support = await staffSession("support");
  admin = await staffSession("admin");
});

describe("a merchant opened by dashboard sign-up", () => {
  it("starts not activated, with the country chosen at sign-up", async () => {
    const email = uniqueEmail("country");
    const browser = new AuthBrowser();
    const res = await browser.post("/sign-up/email", { name: "Moussa Ndiaye", email, password: PASSWORD, businessName: "Dakar Shop", businessCountry: "SN", callbackURL: "/test/dashboard" });
    expect(res.status).toBe(200);
    await browser.get(await linkInOutbox(email, /Confirm|Confirmez/));
    const member = await db().member.findFirstOrThrow({ where: { user: { email } }, include: { organization: { include: { merchant: true } } } });
    expect(member.organization.merchant).toMatchObject({ name: "Dakar Shop", country: "SN", liveActivatedAt: null });
    expect(await readActivationState(db(), member.organizationId)).toEqual({ status: "not_requested" });
  });

  it("drops a country we do not serve instead of failing the sign-up", async () => {
    const email = uniqueEmail("far");
    const res = await new AuthBrowser().post("/sign-up/email", { name: "Far Away", email, password: PASSWORD, businessName: "Far Shop", businessCountry: "FR", callbackURL: "/test/dashboard" });
    expect(res.status).toBe(200);
  });

  it("gets 403/40001 saying live payments are not activated on every live route, its sandbox key unaffected", async () => {
    const shop = await signedUpShop();
    const refused = await createLink(shop.live);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: { code: 40001, message: "Unauthorized access to this resource", details: LIVE_NOT_ACTIVATED_DETAILS } });
    // A read, and a route whose key is optional: the same answer when the key is given.
    expect((await call("GET", "/api/v4/merchant/balance", { key: shop.live })).body.error.code).toBe(40001);
    expect((await call("GET", "/public/gateways/deposit/list", { key: shop.live })).status).toBe(403);
    expect((await createLink(shop.sandbox, false)).status).toBe(200);
    // Nothing was written for the refusal.
    expect(await db().paymentLink.count({ where: { merchantId: shop.merchantId, environment: "live" } })).toBe(0);
  });
});

describe("where a sign-in lands", () => {
  it("opens the home in test mode until live payments are activated; a page asked for is kept", async () => {
    const { email } = await signedUpMerchant({ businessName: "Landing shop" });
    expect(await dashboardLanding(db(), email, "/dashboard")).toBe("/test/dashboard");
    expect(await dashboardLanding(db(), email.toUpperCase(), "/dashboard")).toBe("/test/dashboard");
    expect(await dashboardLanding(db(), email, "/dashboard/links")).toBe("/dashboard/links");
    const active = await newMerchant();
    const memberEmail = uniqueEmail("active-member");
    await createMemberLogin(db(), { merchant: active, email: memberEmail, role: "owner", password: "an active member password" });
    expect(await dashboardLanding(db(), memberEmail, "/dashboard")).toBe("/dashboard");
    // No merchant at all: the home decides (it sends them to /dashboard/start).
    expect(await dashboardLanding(db(), uniqueEmail("nobody"), "/dashboard")).toBe("/dashboard");
  });
});

describe("a verification link sent again (issue 35)", () => {
  /** Posts the account form `action` as a browser from its own address; where it sent the browser. */
  const postForm = async (action: (form: FormData) => Promise<unknown>, fields: Record<string, string>) => {
    nextRequest.headers = new Headers({ host: new URL(ORIGIN).host, origin: ORIGIN, "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250) + 1}`, "accept-language": "en" });
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return redirectOf(() => action(form));
  };
  const waitForNextMail = () => new Promise((resolve) => setTimeout(resolve, 1_100));

  it("opens the home in test mode, from the resend button and from a sign-in before verifying", async () => {
    // One verification mail per account per interval (lib/features/auth/sign-in-limits.ts): a short one here.
    vi.stubEnv("ACCOUNT_MAIL_INTERVAL_SECONDS", "1");
    const email = uniqueEmail("resent");
    const { resendVerificationAction, signInAction } = await import("@/app/dashboard/(auth)/actions");
    expect((await new AuthBrowser().post("/sign-up/email", { name: "Awa Diop", email, password: PASSWORD, businessName: "Resent shop", callbackURL: "/test/dashboard" })).status).toBe(200);
    const first = await linkInOutbox(email, /Confirm|Confirmez/);
    await waitForNextMail();
    expect(await postForm(resendVerificationAction, { email })).toMatch(/resent=1/);
    const resent = await linkInOutbox(email, /Confirm|Confirmez/);
    expect(resent).not.toBe(first);
    expect(new URL(resent).searchParams.get("callbackURL")).toBe("/test/dashboard");
    await waitForNextMail();
    expect(await postForm(signInAction, { email, password: PASSWORD, next: "/dashboard" })).toMatch(/verify-email.*error=unverified/);
    const onSignIn = await linkInOutbox(email, /Confirm|Confirmez/);
    expect(onSignIn).not.toBe(resent);
    expect(new URL(onSignIn).searchParams.get("callbackURL")).toBe("/test/dashboard");
    // Opened, it signs in and lands on the sandbox dashboard, not on live mode's "not activated".
    const opened = await new AuthBrowser().get(onSignIn);
    expect([opened.status, opened.headers.get("location")]).toEqual([302, "/test/dashboard"]);
    vi.unstubAllEnvs();
  });
});

describe("the business country in settings", () => {
  it("is changed to a country we serve (40011 otherwise, nothing written) and reaches the checkout", async () => {
    const merchant = await newMerchant();
    const scope = { merchantId: merchant.id, environment: "sandbox" as const };
    expect(await contractError(updateMerchantSettings(db(), scope, { name: "Lomé shop", country: "FR" }))).toMatchObject({ code: 40011 });
    expect((await db().merchant.findUniqueOrThrow({ where: { id: merchant.id } })).name).not.toBe("Lomé shop");
    expect(await updateMerchantSettings(db(), scope, { name: "Lomé shop", country: "TG" })).toMatchObject({ country: "TG" });
    const created = await createLink(merchant.sandboxKey, false);
    expect((await findCheckoutLink(db(), created.body.reference, "sandbox"))?.merchant).toMatchObject({ country: "TG" });
    // Left blank, it is cleared; left out (an older form), it stays.
    expect(await updateMerchantSettings(db(), scope, { name: "Lomé shop" })).toMatchObject({ country: "TG" });
    expect(await updateMerchantSettings(db(), scope, { name: "Lomé shop", country: "" })).toMatchObject({ country: null });
  });
});

describe("a merchant made by merchant:create (createMerchant), or one that existed before", () => {
  it("is active from the start: its live key works", async () => {
    const merchant = await newMerchant();
    expect((await createLink(merchant.liveKey)).status).toBe(200);
    expect(await readActivationState(db(), merchant.id)).toMatchObject({ status: "active" });
  });
});

describe("the activation request", () => {
  it("refuses a wrong field with its code, writing nothing, and stores phone numbers in international form", async () => {
    const shop = await signedUpShop();
    const submit = (fields: Record<string, string>) => submitActivationRequest(db(), { merchantId: shop.merchantId, userId: shop.userId, fields });
    expect(await contractError(submit({ ...form, country: "FR" }))).toMatchObject({ code: 40011 });
    expect(await contractError(submit({ ...form, payoutPhone: "12" }))).toMatchObject({ code: 40014, details: expect.stringMatching(/^payoutPhone /) });
    expect(await contractError(submit({ ...form, contactEmail: "nope" }))).toMatchObject({ code: 40023 });
    expect(await contractError(submit({ ...form, businessKind: "empire" }))).toMatchObject({ code: 40023 });
    expect(await contractError(submit({ ...form, businessName: "" }))).toMatchObject({ code: 40023 });
    expect(await db().activationRequest.count({ where: { merchantId: shop.merchantId } })).toBe(0);

    const request = await submit(form);
    expect(request).toMatchObject({ status: "in_review", payoutPhone: "+2250700000444", contactPhone: "+2250500000001", country: "CI", businessKind: "company" });
    expect(await readActivationState(db(), shop.merchantId)).toMatchObject({ status: "in_review" });
    // One at a time: a second while in review is refused.
    expect(await contractError(submit(form))).toMatchObject({ code: 40020, status: 409 });
  });

  it("read by support, refused with a reason, resubmitted, approved by an admin: audited, and the live key then works at once", async () => {
    const shop = await signedUpShop();
    // The refused key is now in this process's key cache: approval must not wait for its TTL.
    expect((await createLink(shop.live)).status).toBe(403);
    const first = await submitActivationRequest(db(), { merchantId: shop.merchantId, userId: shop.userId, fields: form });
    expect(await db().merchant.findUniqueOrThrow({ where: { id: shop.merchantId }, select: { country: true } })).toEqual({ country: null });

    const listed = await call("GET", "/admin/api/activations", { headers: staffHeaders(support), query: { status: "in_review" } });
    expect(listed.status).toBe(200);
    expect(listed.body.requests.map((r: { id: string }) => r.id)).toContain(first.id);
    const shown = await call("GET", `/admin/api/activations/${first.id}`, { headers: staffHeaders(support) });
    expect(shown.body).toMatchObject({ id: first.id, merchantId: shop.merchantId, status: "in_review", payoutPhone: "+2250700000444" });

    // Refusing needs a reason.
    const bare = await call("POST", `/admin/api/activations/${first.id}/refuse`, { headers: staffHeaders(admin), body: {} });
    expect([bare.status, bare.body.error.code]).toEqual([400, 40023]);
    const refused = await call("POST", `/admin/api/activations/${first.id}/refuse`, { headers: staffHeaders(admin), body: { reason: "The payout number is not in the business's name" } });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ status: "refused", refusalReason: "The payout number is not in the business's name", decidedBy: admin.id });
    expect(await readActivationState(db(), shop.merchantId)).toMatchObject({ status: "refused", reason: "The payout number is not in the business's name" });
    expect((await createLink(shop.live)).status).toBe(403);
    expect(await db().auditEntry.findFirst({ where: { targetId: shop.merchantId, action: "activation.refused" } })).toMatchObject({
      staffId: admin.id,
      targetType: "merchant",
      details: { requestId: first.id, reason: "The payout number is not in the business's name" },
    });
    // A decided request stays decided.
    expect((await call("POST", `/admin/api/activations/${first.id}/approve`, { headers: staffHeaders(admin), body: {} })).status).toBe(409);

    const second = await submitActivationRequest(db(), { merchantId: shop.merchantId, userId: shop.userId, fields: { ...form, payoutPhone: "0500000002" } });
    expect(second.payoutPhone).toBe("+2250500000002");
    const approved = await call("POST", `/admin/api/activations/${second.id}/approve`, { headers: staffHeaders(admin), body: {} });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("approved");
    expect(await db().auditEntry.findFirst({ where: { targetId: shop.merchantId, action: "activation.approved" } })).toMatchObject({ staffId: admin.id, details: { requestId: second.id } });
    expect(await readActivationState(db(), shop.merchantId)).toMatchObject({ status: "active" });
    // The country reviewed is the business's now (sign-up named none here).
    expect(await db().merchant.findUniqueOrThrow({ where: { id: shop.merchantId }, select: { country: true } })).toEqual({ country: "CI" });

    expect((await createLink(shop.live)).status).toBe(200);
    expect((await createLink(shop.sandbox, false)).status).toBe(200);
    // Once active, no new request.
    expect(await contractError(submitActivationRequest(db(), { merchantId: shop.merchantId, userId: shop.userId, fields: form }))).toMatchObject({ code: 40020 });
  });

  it("is decided only through the support view's staff session and CSRF token", async () => {
    const shop = await signedUpShop();
    const request = await submitActivationRequest(db(), { merchantId: shop.merchantId, userId: shop.userId, fields: form });
    const signedOut = await call("POST", `/admin/api/activations/${request.id}/approve`, { body: {} });
    expect([signedOut.status, signedOut.body.error.code]).toEqual([401, 40002]);
    const noCsrf = await call("POST", `/admin/api/activations/${request.id}/approve`, { headers: { cookie: admin.cookie }, body: {} });
    expect([noCsrf.status, noCsrf.body.error.code]).toEqual([403, 40001]);
    const withKey = await call("POST", `/admin/api/activations/${request.id}/approve`, { key: shop.live, body: {} });
    expect(withKey.status).toBe(401);
    const wrongMethod = await call("GET", `/admin/api/activations/${request.id}/approve`, { headers: staffHeaders(support) });
    expect([wrongMethod.status, wrongMethod.body.error.code, wrongMethod.headers.get("allow")]).toEqual([400, 40017, "POST"]);
    const unknown = await call("GET", "/admin/api/activations/act_NOPE", { headers: staffHeaders(support) });
    expect(unknown.status).toBe(404);
    expect((await db().activationRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe("in_review");
    expect(await db().auditEntry.count({ where: { targetId: shop.merchantId } })).toBe(0);
  });

  it("a support account (read-only) cannot approve or refuse: 403 before anything is looked up, the live key stays off", async () => {
    const shop = await signedUpShop();
    const request = await submitActivationRequest(db(), { merchantId: shop.merchantId, userId: shop.userId, fields: form });
    // With its session cookie and the CSRF token the session hands it, as the support view's page does.
    const csrf = (await call("GET", "/admin/api/session", { headers: { cookie: support.cookie } })).body.csrfToken as string;
    const headers = { cookie: support.cookie, "x-csrf-token": csrf };
    const approve = await call("POST", `/admin/api/activations/${request.id}/approve`, { headers, body: {} });
    expect([approve.status, approve.body.error.code]).toEqual([403, 40001]);
    const refuse = await call("POST", `/admin/api/activations/${request.id}/refuse`, { headers, body: { reason: "Refused by support" } });
    expect([refuse.status, refuse.body.error.code]).toEqual([403, 40001]);
    // An id that does not exist answers the same: the role is checked first.
    const unknown = await call("POST", "/admin/api/activations/act_NOPE/approve", { headers, body: {} });
    expect([unknown.status, unknown.body.error.code]).toEqual([403, 40001]);
    expect((await db().activationRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe("in_review");
    expect(await readActivationState(db(), shop.merchantId)).toMatchObject({ status: "in_review" });
    expect((await createLink(shop.live)).status).toBe(403);
    expect(await db().auditEntry.count({ where: { targetId: shop.merchantId } })).toBe(0);
  });
});

describe("the dashboard's live actions before activation", () => {
  const asOwner = (cookie: string, environment: "live" | "sandbox", locale: "en" | "fr" = "en") => {
    browseWith(cookie);
    nextRequest.headers.set(ENVIRONMENT_HEADER, environment);
    nextRequest.locale = locale;
  };
  const linkForm = () => {
    const data = new FormData();
    for (const [k, v] of Object.entries({ amount: "1000", currency: "XOF", description: "Live link" })) data.append(k, v);
    return data;
  };

  it("refuses a live link and a live payout with the reason, in the page's language; test mode works", async () => {
    const shop = await signedUpShop();
    const { createLinkAction } = await import("@/app/dashboard/(app)/links/actions");
    const { requestTransferAction } = await import("@/app/dashboard/(app)/balance/actions");
    const cookie = shop.browser.cookieHeader();
    asOwner(cookie, "live");
    expect(await createLinkAction(null, linkForm())).toEqual({ error: en.activation.liveRefused, code: 40001 });
    asOwner(cookie, "live", "fr");
    const payout = new FormData();
    for (const [k, v] of Object.entries({ amount: "1000", currency: "XOF", gatewayName: "MTN_MOMO_CI", country: "CI", beneficiaryPhone: "+2250700000444" })) payout.append(k, v);
    expect(await requestTransferAction(null, payout)).toEqual({ error: fr.activation.liveRefused, code: 40001 });
    expect(await db().paymentLink.count({ where: { merchantId: shop.merchantId, environment: "live" } })).toBe(0);
    asOwner(cookie, "sandbox");
    await expect(createLinkAction(null, linkForm())).rejects.toMatchObject({ digest: expect.stringMatching(/\/test\/dashboard\/links\/LINK_TEST_/) });
    nextRequest.locale = "en";
  });

  it("shows the new-link page in live mode as the reason and the ways out, without the form (issue 35)", async () => {
    const shop = await signedUpShop();
    const { default: NewPaymentLinkPage } = await import("@/app/dashboard/(app)/links/new/page");
    asOwner(shop.browser.cookieHeader(), "live", "fr");
    const live = await NewPaymentLinkPage();
    const refused = elementsOf(live, "div").find((div) => div["data-testid"] === "live-link-refused");
    expect(refused).toBeDefined();
    expect(elementsOf(live, "p").map((p) => p.children)).toContain(fr.activation.newLinkRefused);
    expect(elementsOf(live, "a").map((a) => a.href)).toEqual(["/dashboard/activation", "/test/dashboard/links/new"]);
    expect(elementsOf(live, "input")).toEqual([]);
    asOwner(shop.browser.cookieHeader(), "sandbox", "fr");
    const test = await NewPaymentLinkPage();
    expect(elementsOf(test, "div").find((div) => div["data-testid"] === "live-link-refused")).toBeUndefined();
    expect(elementsOf(test, "input").map((input) => input.name)).toContain("amount");
    nextRequest.locale = "en";
  });

  it("lets the owner ask for activation from the dashboard's form", async () => {
    const shop = await signedUpShop();
    const { requestActivationAction } = await import("@/app/dashboard/(app)/activation/actions");
    asOwner(shop.browser.cookieHeader(), "live");
    const data = new FormData();
    for (const [k, v] of Object.entries(form)) data.append(k, v);
    expect(await requestActivationAction(null, data)).toEqual({ message: en.activation.submitted });
    expect(await readActivationState(db(), shop.merchantId)).toMatchObject({ status: "in_review", request: { submittedBy: shop.userId, payoutPhone: "+2250700000444" } });
  });
});

describe("the support overview", () => {
  it("gives live and sandbox figures apart", async () => {
    const merchant = await newMerchant();
    expect((await createLink(merchant.liveKey)).status).toBe(200);
    expect((await createLink(merchant.sandboxKey, false)).status).toBe(200);
    const res = await call("GET", "/admin/api/overview", { headers: staffHeaders(support) });
    const links = res.body.today.links as { environment: string; status: string; currency: string; count: number }[];
    const pendingXof = links.filter((f) => f.status === "pending" && f.currency === "XOF");
    expect(pendingXof.map((f) => f.environment).sort()).toEqual(["live", "sandbox"]);
    expect(pendingXof.every((f) => f.count >= 1)).toBe(true);
  });
});
