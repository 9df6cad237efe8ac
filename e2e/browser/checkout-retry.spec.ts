import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { capture, choose, createLink, linkStatus, merchant, oneViewportPerLanguage, pattern, text, type Locale } from "../checkout-helpers";
import { expectNoAxeViolations, message, signInAsMember } from "../dashboard-helpers";
import { auth } from "../helpers";

// Issue 28: one decline does not kill the link. The customer's attempt is declined in the sandbox
// (a number ending in 111), the checkout says why and offers to try again, and the customer pays
// (French on the 360 px phone, English on the desktop). The merchant then sees both attempts on
// the link's page and duplicates the link for the next customer.

/** A checkoutRetry string as a regex, its {placeholders} matching anything. */
const retry = (locale: Locale, key: string) =>
  new RegExp(
    message(locale, `checkoutRetry.${key}`)
      .split(/\{\w+\}/)
      .map((s) => s.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
      .join(".*"),
  );

for (const locale of ["fr", "en"] as Locale[]) {
  test.describe(`a declined payment, then paid on retry (${locale})`, () => {
    test.use({ locale: locale === "fr" ? "fr-FR" : "en-GB" });
    oneViewportPerLanguage(locale);
    const heading = (page: Page, key: string) => page.getByRole("heading", { name: text(locale, key) });

    test("declined on the phone: the reason, try again with the same number or another, even after a reload", async ({ page, request, baseURL }, testInfo) => {
      test.slow(); // two sandbox answers (about 2 s each) and three axe scans
      const link = await createLink(request, baseURL!);
      await page.goto(link.paymentUrl);
      await choose(page, locale, /MTN Mobile Money/, "0700000111");
      await expect(heading(page, "final.failedTitle")).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText(text(locale, "final.reasons.declined_by_customer"))).toBeVisible();
      await expect(page.getByText(message(locale, "checkoutRetry.stillOpen"))).toBeVisible();
      // In this page the number is known: "try again" names it; another number and other methods are offered.
      await expect(page.getByRole("button", { name: retry(locale, "tryAgainSameNumber") })).toContainText("0700000111");
      await expect(page.getByRole("button", { name: retry(locale, "otherNumber") })).toBeVisible();
      await expect(page.getByRole("button", { name: retry(locale, "otherMethod") })).toBeVisible();
      await capture(page, testInfo, "1-declined");
      expect(await linkStatus(request, link.reference)).toBe("failed");

      // A reload shows the same: the link is still payable.
      await page.reload();
      await expect(heading(page, "final.failedTitle")).toBeVisible();
      await expect(page.getByText(text(locale, "final.reasons.declined_by_customer"))).toBeVisible();
      const tryAgain = page.getByRole("button", { name: retry(locale, "tryAgain") });
      await expect(tryAgain).toBeVisible();
      await capture(page, testInfo, "2-declined-after-reload");

      // Same method: the phone step opens with it chosen; the customer types the (topped-up) number.
      await tryAgain.click();
      await expect(heading(page, "steps.phone")).toBeFocused();
      await page.getByLabel(text(locale, "phoneLabel")).fill("0700000444");
      await page.getByRole("button", { name: pattern(locale, "pay") }).click();
      await expect(heading(page, "steps.direct")).toBeVisible();
      await expect(heading(page, "final.completedTitle")).toBeVisible({ timeout: 15_000 });
      await page.getByRole("button", { name: text(locale, "final.stayHere") }).click();
      await capture(page, testInfo, "3-paid-on-retry");

      const read = await (await request.get(`/test/api/v4/payments/link/${link.reference}`, { headers: auth(merchant.sandboxKey) })).json();
      expect(read.status).toBe("completed");
      expect(read.attempts.map((a: { status: string }) => a.status)).toEqual(["failed", "completed"]);
    });

    test("declined: another payment method instead (OTP)", async ({ page, request, baseURL }) => {
      const link = await createLink(request, baseURL!);
      await page.goto(link.paymentUrl);
      await choose(page, locale, /MTN Mobile Money/, "0700000111");
      await expect(heading(page, "final.failedTitle")).toBeVisible({ timeout: 15_000 });
      await page.getByRole("button", { name: retry(locale, "otherMethod") }).click();
      await expect(heading(page, "steps.gateway")).toBeFocused();
      await choose(page, locale, /Orange Money/, "0700000444");
      await expect(heading(page, "steps.otp")).toBeFocused();
      await page.getByLabel(text(locale, "otpLabel")).fill("123456");
      await page.getByRole("button", { name: text(locale, "otpSubmit") }).click();
      await expect(heading(page, "final.completedTitle")).toBeVisible();
      expect(await linkStatus(request, link.reference)).toBe("completed");
    });
  });
}

// Issue 51: the push prompt's waiting screen has a way out with JavaScript too (the island's
// buttons; without it, checkout-no-javascript.spec.ts). On the 360 px phone in French only.
test.describe("the waiting screen's ways out, with JavaScript (fr)", () => {
  test.use({ locale: "fr-FR" });
  oneViewportPerLanguage("fr");
  const heading = (page: Page, key: string) => page.getByRole("heading", { name: text("fr", key) });

  /** A new link, MTN and a number whose phone never answers (the sandbox's ...222): the waiting screen. */
  async function waiting(page: Page, request: APIRequestContext, baseURL: string) {
    const link = await createLink(request, baseURL);
    await page.goto(link.paymentUrl);
    await choose(page, "fr", /MTN Mobile Money/, "0700000222");
    await expect(heading(page, "steps.direct")).toBeVisible();
    await expect(page.getByText(text("fr", "directWaysOut"))).toBeVisible();
    return link;
  }

  test("changer de numéro: the phone step at once, paid with the other number, the first attempt left pending", async ({ page, request, baseURL }) => {
    const link = await waiting(page, request, baseURL!);
    await page.getByRole("button", { name: text("fr", "changeNumber") }).click();
    await expect(heading(page, "steps.phone")).toBeFocused();
    await page.getByLabel(text("fr", "phoneLabel")).fill("0700000444");
    await page.getByRole("button", { name: pattern("fr", "pay") }).click();
    await expect(heading(page, "final.completedTitle")).toBeVisible({ timeout: 15_000 });
    const read = await (await request.get(`/test/api/v4/payments/link/${link.reference}`, { headers: auth(merchant.sandboxKey) })).json();
    expect(read.status).toBe("completed");
    // The prompt left behind is still followed (an approval of it would be recorded, never dropped).
    expect(read.attempts.map((a: { status: string }) => a.status)).toEqual(["pending", "completed"]);
  });

  test("payer autrement: back to the methods, paid another way (OTP)", async ({ page, request, baseURL }) => {
    const link = await waiting(page, request, baseURL!);
    await page.getByRole("button", { name: text("fr", "payOtherWay") }).click();
    await expect(heading(page, "steps.gateway")).toBeFocused();
    await choose(page, "fr", /Orange Money/, "0700000444");
    await expect(heading(page, "steps.otp")).toBeFocused();
    await page.getByLabel(text("fr", "otpLabel")).fill("123456");
    await page.getByRole("button", { name: text("fr", "otpSubmit") }).click();
    await expect(heading(page, "final.completedTitle")).toBeVisible();
    const read = await (await request.get(`/test/api/v4/payments/link/${link.reference}`, { headers: auth(merchant.sandboxKey) })).json();
    expect(read).toMatchObject({ status: "completed", gatewayName: "ORANGE_MONEY_CI" });
  });
});

/** A declined attempt then a paid one, through the checkout's own endpoints (the customer's page does the same). */
async function declinedThenPaid(request: APIRequestContext, baseURL: string) {
  const description = `Retry journey ${Date.now()}`;
  const link = await createLink(request, baseURL, { description });
  const attempts = `/test/api/checkout/${link.reference}/attempts`;
  expect((await request.post(attempts, { data: { gatewayName: "MTN_MOMO_CI", country: "CI", customerPhone: "+2250700000111" } })).status()).toBe(200);
  await expect.poll(() => linkStatus(request, link.reference), { timeout: 15_000 }).toBe("failed");
  expect((await request.post(attempts, { data: { gatewayName: "ORANGE_MONEY_CI", country: "CI", customerPhone: "+2250700000444" } })).status()).toBe(200);
  expect((await request.post(`/test/api/checkout/${link.reference}/otp`, { data: { otp: "123456" } })).status()).toBe(200);
  expect(await linkStatus(request, link.reference)).toBe("completed");
  return { ...link, description };
}

test.describe("the merchant's side (en)", () => {
  test.use({ locale: "en-GB" });
  // The dashboard at 360 px is walked by the dashboard's own specs; here the attempts and the button.
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name === "mobile", "desktop only"));

  test("the link's page shows both attempts; Duplicate link makes a new link with the same amount and description", async ({ page, request, baseURL }) => {
    const link = await declinedThenPaid(request, baseURL!);
    await signInAsMember(page);
    await page.goto(`/test/dashboard/links/${link.reference}`);
    const rows = page.locator(`h2:text-is("${message("en", "dashboard.link.attempts")}") + div table tbody tr`);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(message("en", "labels.gateway.MTN_MOMO_CI"));
    await expect(rows.nth(0)).toContainText(message("en", "dashboard.status.failed"));
    await expect(rows.nth(1)).toContainText(message("en", "labels.gateway.ORANGE_MONEY_CI"));
    await expect(rows.nth(1)).toContainText(message("en", "dashboard.status.completed"));
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: message("en", "linkDuplicate.submit") }).click();
    await expect(page).toHaveURL(/\/test\/dashboard\/links\/LINK_TEST_[0-9A-Z]{26}\?duplicatedFrom=/, { timeout: 15_000 });
    const copy = /LINK_TEST_[0-9A-Z]{26}/.exec(page.url())![0];
    expect(copy).not.toBe(link.reference);
    await expect(page.getByRole("status").filter({ hasText: link.reference })).toBeVisible();
    await expect(page.getByText(message("en", "dashboard.link.noAttempts"))).toBeVisible();
    const read = await (await request.get(`/test/api/v4/payments/link/${copy}`, { headers: auth(merchant.sandboxKey) })).json();
    expect(read).toMatchObject({ status: "pending", amount: 5000, currency: "XOF", description: link.description, returnUrl: `${baseURL}/?shop=back`, attempts: [] });
    await expectNoAxeViolations(page);
  });

  test("a link whose attempt failed says it can still be paid, with the reason, and can still be shared", async ({ page, request, baseURL }) => {
    const link = await createLink(request, baseURL!);
    await request.post(`/test/api/checkout/${link.reference}/attempts`, { data: { gatewayName: "MTN_MOMO_CI", country: "CI", customerPhone: "+2250700000111" } });
    await expect.poll(() => linkStatus(request, link.reference), { timeout: 15_000 }).toBe("failed");
    await signInAsMember(page);
    await page.goto(`/test/dashboard/links/${link.reference}`);
    const reason = message("en", "checkout.final.reasons.declined_by_customer");
    await expect(page.getByText(message("en", "linkDuplicate.failedStillOpen", { reason }).split(" until ")[0])).toBeVisible();
    await expect(page.getByRole("button", { name: message("en", "dashboard.link.copy") })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a viewer sees no Duplicate button (links:create)", async ({ page, request, baseURL }) => {
    const link = await createLink(request, baseURL!);
    await signInAsMember(page, { role: "viewer" });
    await page.goto(`/test/dashboard/links/${link.reference}`);
    await expect(page.getByText(message("en", "dashboard.link.referenceLine", { reference: link.reference }))).toBeVisible();
    await expect(page.getByRole("button", { name: message("en", "linkDuplicate.submit") })).toHaveCount(0);
  });
});
