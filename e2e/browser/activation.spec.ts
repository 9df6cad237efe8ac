import { expect, test, type APIResponse } from "@playwright/test";
import { auth, e2eMerchant, e2eStaff } from "../helpers";
import { expectNoAxeViolations, message, openMailLink, signUp, uniqueEmail } from "../dashboard-helpers";

// Live activation end to end (issue 28): a shopkeeper signs up and lands in test mode, her live key
// is refused with the documented error, she asks for activation, a support user reads it but may
// not decide (issue 34: the admin role decides), an admin approves it in the support view, and the
// same live key then works, through the production server's API lane.
// Desktop only: the support view is a desktop tool (the mobile project skips it).

const en = (key: string, values: Record<string, string | number> = {}) => message("en", key, values);
const LIVE_OFF = "Live payments are not activated for this merchant yet";

test.use({ locale: "en-GB" });

test("sign up in test mode, ask for live payments, an admin approves, the live key works", async ({ page, browser, request, isMobile }) => {
  test.skip(isMobile, "the support view is a desktop tool");
  test.slow(); // sign-up, verification, a key, a request, a support sign-in: past 30 s on a busy machine
  const email = uniqueEmail("activation");
  const business = `Boutique Activation ${Date.now().toString(36)}`;

  await test.step("sign up with the business country; the verified account opens in test mode", async () => {
    await signUp(page, { email, name: "Awa Diop", businessName: business, country: "SN" }, "en", { checkAccessible: true });
    await openMailLink(page, email, en("auth.mail.verify.subject"));
    await expect(page).toHaveURL(/\/test\/dashboard$/, { timeout: 15_000 });
    await expect(page.getByText(en("dashboard.env.testBanner"))).toBeVisible();
  });

  let liveKey = "";
  await test.step("live mode says why nothing live works; a live key is refused with 403/40001", async () => {
    await page.goto("/dashboard/developers");
    await expect(page.getByText(en("activation.liveOff"))).toBeVisible();
    const keyForm = page.locator("form", { has: page.getByRole("button", { name: en("dashboard.developers.create") }) });
    await keyForm.locator('input[name="name"]').fill("Shop server");
    await keyForm.getByRole("button", { name: en("dashboard.developers.create") }).click();
    liveKey = ((await page.getByTestId("shown-once").textContent()) ?? "").trim();
    expect(liveKey).toMatch(/^sk_live_/);
    const refused = await request.post("/api/v4/payments/link", { headers: auth(liveKey), data: { amount: 5000, currency: "XOF", description: "Before activation" } });
    expect(refused.status()).toBe(403);
    const body = await refused.json();
    expect(body.error.code).toBe(40001);
    expect(body.error.details).toContain(LIVE_OFF);
    // The sandbox is untouched: the seeded merchant's sandbox key, and live for a merchant made by merchant:create.
    const seeded = e2eMerchant();
    expect((await request.post("/api/v4/payments/link", { headers: auth(seeded.liveKey), data: { amount: 5000, currency: "XOF", description: "Active merchant" } })).status()).toBe(200);
  });

  await test.step("ask for activation from the live banner's link", async () => {
    await page.getByRole("banner").getByRole("link", { name: en("activation.liveOffActivate") }).click();
    await expect(page).toHaveURL(/\/dashboard\/activation$/);
    await expect(page.getByRole("heading", { name: en("activation.heading"), level: 1 })).toBeVisible();
    await expect(page.getByText(en("activation.state.notRequested"))).toBeVisible();
    await page.getByLabel(en("activation.fields.businessKind")).selectOption("company");
    // The country chosen at sign-up is preselected; the payout number in Senegal's local form.
    await expect(page.getByLabel(en("activation.fields.country"))).toHaveValue("SN");
    await page.getByLabel(en("activation.fields.payoutPhone")).fill("77 123 45 67");
    await page.getByLabel(en("activation.fields.contactPhone")).fill("77 765 43 21");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: en("activation.form.submit") }).click();
    // The page comes back in its new state (the form gives way to the request in review).
    await expect(page.getByRole("status").filter({ hasText: /is in review/ })).toBeVisible({ timeout: 15_000 });
    await page.reload();
    await expect(page.getByText(/is in review/)).toBeVisible();
    // The number as people read it (lib/core/domain/phone-display.ts).
    await expect(page.getByText("+221 77 123 45 67")).toBeVisible();
  });

  /** Signs `who` in to the support view in a browser of its own and opens the merchant's request. */
  const openRequest = async (who: { email: string; password: string }) => {
    const context = await browser.newContext({ locale: "en-GB" });
    const staffPage = await context.newPage();
    await staffPage.goto("/admin/login");
    await staffPage.getByLabel("E-mail").fill(who.email);
    await staffPage.getByLabel("Password").fill(who.password);
    await staffPage.getByRole("button", { name: "Sign in" }).click();
    await expect(staffPage.getByRole("heading", { name: "Overview" })).toBeVisible();
    // The overview now gives each environment its own rows.
    await expect(staffPage.getByRole("columnheader", { name: "Env." }).first()).toBeVisible();
    await staffPage.getByRole("link", { name: en("activation.support.nav") }).click();
    await expect(staffPage.getByRole("heading", { name: en("activation.support.heading") })).toBeVisible();
    const row = staffPage.getByRole("row", { name: new RegExp(business) });
    await row.getByRole("link").first().click();
    await expect(staffPage.getByText("+221771234567")).toBeVisible();
    return { context, staffPage };
  };

  await test.step("a support user reads it, without the buttons to decide", async () => {
    const { context, staffPage } = await openRequest(e2eStaff().support);
    await expect(staffPage.getByText(en("activation.support.adminOnly"))).toBeVisible();
    await expect(staffPage.getByRole("button", { name: en("activation.support.approve") })).toHaveCount(0);
    await expect(staffPage.getByRole("button", { name: en("activation.support.refuse") })).toHaveCount(0);
    await context.close();
  });

  await test.step("an admin approves it in the support view", async () => {
    const { context, staffPage } = await openRequest(e2eStaff().admin);
    await staffPage.getByRole("button", { name: en("activation.support.approve") }).click();
    await staffPage.getByRole("form", { name: en("activation.support.approve") }).getByRole("button", { name: "Confirm" }).click();
    await expect(staffPage.getByRole("status")).toHaveText(en("activation.support.approved"));
    await context.close();
  });

  await test.step("the same live key now works, and the dashboard says live payments are on", async () => {
    // At once in the process that approved; another process's key cache holds the old answer for
    // at most API_KEY_CACHE_TTL_MS (5 s).
    const last: { response?: APIResponse } = {};
    await expect
      .poll(async () => (last.response = await request.post("/api/v4/payments/link", { headers: auth(liveKey), data: { amount: 5000, currency: "XOF", description: "After activation" } })).status(), { timeout: 10_000 })
      .toBe(200);
    expect((await last.response!.json()).reference).toMatch(/^LINK_[0-9A-Z]{26}$/);
    await page.goto("/dashboard/activation");
    await expect(page.getByText(/Live payments are active/)).toBeVisible();
    await expect(page.getByText(en("activation.liveOff"))).toHaveCount(0);
  });
});
