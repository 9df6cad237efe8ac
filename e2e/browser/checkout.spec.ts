import { expect, test } from "@playwright/test";
import { capture, choose, createLink, linkStatus, oneViewportPerLanguage, pattern, text, type Locale } from "../checkout-helpers";

// The customer's journeys through the hosted checkout, in the sandbox, in both languages (English
// on the desktop browser, French on the 360 px phone).
// Each ends by checking the link through the merchant API, and the way back to returnUrl.

for (const locale of ["fr", "en"] as Locale[]) {
  test.describe(`checkout (${locale})`, () => {
    test.use({ locale: locale === "fr" ? "fr-FR" : "en-GB" });
    oneViewportPerLanguage(locale);
    const heading = (page: import("@playwright/test").Page, key: string) => page.getByRole("heading", { name: text(locale, key) });

    async function expectBackToShop(page: import("@playwright/test").Page, reference: string, status: string) {
      const back = page.getByRole("link", { name: pattern(locale, "final.backToMerchant") });
      const href = new URL((await back.getAttribute("href"))!);
      expect(href.searchParams.get("reference")).toBe(reference);
      expect(href.searchParams.get("status")).toBe(status);
      return back;
    }

    /** Turns the paid screen's automatic return to the shop off, so a slow check can read the page. */
    async function stayOnPage(page: import("@playwright/test").Page) {
      await page.getByRole("button", { name: text(locale, "final.stayHere") }).click();
      await expect(page.getByText(pattern(locale, "final.redirecting"))).toHaveCount(0);
    }

    test("DIRECT approved: paid, then back to the shop", async ({ page, request, baseURL }, testInfo) => {
      // Three axe scans, the sandbox's answer and the 5 s return to the shop: past 30 s on a busy machine.
      test.slow();
      const link = await createLink(request, baseURL!);
      await page.goto(link.paymentUrl);
      await expect(page.getByText(text(locale, "sandboxBanner"))).toBeVisible();
      await capture(page, testInfo, "1-gateway");
      await choose(page, locale, /MTN Mobile Money/);
      await capture(page, testInfo, "2-phone");
      await page.getByLabel(text(locale, "phoneLabel")).fill("0700");
      await expect(page.getByText(pattern(locale, "phoneInvalid"))).toBeVisible();
      await page.getByLabel(text(locale, "phoneLabel")).fill("0700000444");
      await page.getByRole("button", { name: pattern(locale, "pay") }).click();
      await expect(heading(page, "steps.direct")).toBeFocused();
      await capture(page, testInfo, "3-approve-on-phone");
      await expect(heading(page, "final.completedTitle")).toBeVisible({ timeout: 15_000 });
      // The receipt to keep (issue 36), from the island's paid screen too.
      await expect(page.getByRole("link", { name: text(locale, "final.receipt") })).toHaveAttribute("href", `/test/pay/${link.reference}/receipt`);
      // Left alone, the paid screen returns to the shop by itself after 5 s.
      await expectBackToShop(page, link.reference, "completed");
      expect(await linkStatus(request, link.reference)).toBe("completed");
      await page.waitForURL((url) => url.searchParams.get("shop") === "back", { timeout: 10_000 });
      expect(new URL(page.url()).searchParams.get("status")).toBe("completed");
    });

    test("DIRECT declined: the reason in plain words", async ({ page, request, baseURL }, testInfo) => {
      const link = await createLink(request, baseURL!);
      await page.goto(link.paymentUrl);
      await choose(page, locale, /MTN Mobile Money/, "0700000111");
      await expect(heading(page, "final.failedTitle")).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText(text(locale, "final.reasons.declined_by_customer"))).toBeVisible();
      await capture(page, testInfo, "failed");
      expect(await linkStatus(request, link.reference)).toBe("failed");
      await (await expectBackToShop(page, link.reference, "failed")).click();
      await page.waitForURL((url) => url.searchParams.get("shop") === "back");
    });

    test("DIRECT never answered: the link expires on screen", async ({ page, request, baseURL }, testInfo) => {
      const link = await createLink(request, baseURL!, { expiresIn: 8 });
      await page.goto(link.paymentUrl);
      await choose(page, locale, /MTN Mobile Money/, "0700000222");
      await expect(heading(page, "steps.direct")).toBeVisible();
      await expect(heading(page, "final.expiredTitle")).toBeVisible({ timeout: 20_000 });
      await capture(page, testInfo, "expired-while-waiting");
      expect(await linkStatus(request, link.reference)).toBe("expired");
      await expectBackToShop(page, link.reference, "expired");
    });

    for (const decision of ["approve", "decline"] as const) {
      test(`REDIRECT ${decision}d on the operator page`, async ({ page, request, baseURL }, testInfo) => {
        const link = await createLink(request, baseURL!);
        await page.goto(link.paymentUrl);
        await choose(page, locale, /Wave/, "0700000444");
        await page.waitForURL(/\/test\/sandbox\/operator\//);
        await capture(page, testInfo, "operator");
        await page.getByRole("button", { name: decision === "approve" ? /Approve|Approuver/ : /Decline|Refuser/ }).click();
        await page.waitForURL((url) => url.pathname === `/test/pay/${link.reference}`);
        const title = decision === "approve" ? "final.completedTitle" : "final.failedTitle";
        await expect(heading(page, title)).toBeVisible();
        if (decision === "approve") await stayOnPage(page);
        await capture(page, testInfo, "back-on-checkout");
        expect(await linkStatus(request, link.reference)).toBe(decision === "approve" ? "completed" : "failed");
        await expectBackToShop(page, link.reference, decision === "approve" ? "completed" : "failed");
      });
    }

    test("OTP: the right code", async ({ page, request, baseURL }, testInfo) => {
      const link = await createLink(request, baseURL!);
      await page.goto(link.paymentUrl);
      await choose(page, locale, /Orange Money/, "0700000444");
      await expect(heading(page, "steps.otp")).toBeFocused();
      const code = page.getByLabel(text(locale, "otpLabel"));
      await expect(code).toHaveAttribute("autocomplete", "one-time-code");
      await expect(code).toHaveAttribute("inputmode", "numeric");
      await capture(page, testInfo, "otp");
      await code.fill("123456");
      await page.getByRole("button", { name: text(locale, "otpSubmit") }).click();
      await expect(heading(page, "final.completedTitle")).toBeVisible();
      await stayOnPage(page);
      expect(await linkStatus(request, link.reference)).toBe("completed");
      await expectBackToShop(page, link.reference, "completed");
    });

    test("OTP: a wrong code, then the right one", async ({ page, request, baseURL }, testInfo) => {
      const link = await createLink(request, baseURL!);
      await page.goto(link.paymentUrl);
      await choose(page, locale, /Orange Money/, "0700000444");
      await page.getByLabel(text(locale, "otpLabel")).fill("000000");
      await page.getByRole("button", { name: text(locale, "otpSubmit") }).click();
      await expect(page.locator(".error[role=alert]")).toContainText(locale === "fr" ? "4 essais restants" : "4 tries left");
      await capture(page, testInfo, "otp-wrong");
      await page.getByLabel(text(locale, "otpLabel")).fill("123456");
      await page.getByRole("button", { name: text(locale, "otpSubmit") }).click();
      await expect(heading(page, "final.completedTitle")).toBeVisible();
      expect(await linkStatus(request, link.reference)).toBe("completed");
    });

    test("OTP: five wrong codes fail the payment", async ({ page, request, baseURL }, testInfo) => {
      const link = await createLink(request, baseURL!);
      await page.goto(link.paymentUrl);
      await choose(page, locale, /Orange Money/, "0700000444");
      for (let i = 0; i < 5; i++) {
        await page.getByLabel(text(locale, "otpLabel")).fill("000000");
        await page.getByRole("button", { name: text(locale, "otpSubmit") }).click();
        if (i < 4) await expect(page.locator(".error[role=alert]")).toContainText(String(4 - i));
      }
      await expect(heading(page, "final.failedTitle")).toBeVisible();
      await expect(page.getByText(text(locale, "final.reasons.otp_attempts_exceeded"))).toBeVisible();
      await capture(page, testInfo, "otp-spent");
      expect(await linkStatus(request, link.reference)).toBe("failed");
    });

    test("an already paid link opens on its final screen", async ({ page, request, baseURL }, testInfo) => {
      const link = await createLink(request, baseURL!);
      await request.post(`/test/api/checkout/${link.reference}/attempts`, {
        data: { gatewayName: "ORANGE_MONEY_CI", country: "CI", customerPhone: "+2250700000444" },
      });
      await request.post(`/test/api/checkout/${link.reference}/otp`, { data: { otp: "123456" } });
      await page.goto(link.paymentUrl);
      await expect(heading(page, "final.completedTitle")).toBeVisible();
      await expect(page.getByRole("radio")).toHaveCount(0);
      // The customer can turn the automatic return off (WCAG 2.2.1), e.g. to note the reference.
      await stayOnPage(page);
      await capture(page, testInfo, "already-paid");
      expect(await linkStatus(request, link.reference)).toBe("completed");
      await expectBackToShop(page, link.reference, "completed");
      await page.waitForTimeout(5_500);
      expect(new URL(page.url()).pathname).toBe(`/test/pay/${link.reference}`);
    });

    test("an expired link opens on its final screen", async ({ page, request, baseURL }, testInfo) => {
      const link = await createLink(request, baseURL!, { expiresIn: 5 });
      await page.waitForTimeout(5_500);
      await page.goto(link.paymentUrl);
      await expect(heading(page, "final.expiredTitle")).toBeVisible();
      await capture(page, testInfo, "expired");
      expect(await linkStatus(request, link.reference)).toBe("expired");
      await expectBackToShop(page, link.reference, "expired");
    });

    test("an unknown reference is a real 404", async ({ page }, testInfo) => {
      const res = await page.goto("/test/pay/LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K");
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: text(locale, "notFound.title") })).toBeVisible();
      await capture(page, testInfo, "not-found");
      // A mangled one too, even with characters PostgreSQL cannot store.
      for (const mangled of ["%00", "not-a-reference"]) {
        expect((await page.goto(`/test/pay/${mangled}`))?.status()).toBe(404);
      }
    });
  });
}

test("the language can be switched on the page", async ({ page, request, baseURL }) => {
  const link = await createLink(request, baseURL!);
  await page.goto(link.paymentUrl);
  const switchTo = (await page.locator("html").getAttribute("lang")) === "fr" ? "English" : "Français";
  await page.getByRole("button", { name: switchTo }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", switchTo === "English" ? "en" : "fr");
  expect(new URL(page.url()).pathname).toBe(`/test/pay/${link.reference}`);
});

test("the pending screen offers a QR code and a share button", async ({ page, request, baseURL }) => {
  const link = await createLink(request, baseURL!);
  await page.goto(link.paymentUrl);
  await page.locator("details.share summary").click();
  await expect(page.locator(".qr svg")).toBeVisible();
  await expect(page.locator("details.share button")).toBeVisible();
});
