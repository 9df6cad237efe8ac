import { expect, test } from "@playwright/test";
import { createLink, oneViewportPerLanguage, text, type Locale } from "../checkout-helpers";

// Issue 14: the link reference is public. While one customer's payment is live, another browser
// sees that a payment is in progress (not the customer's attempt) and cannot replace it; the
// customer who reloads keeps their own attempt (the checkout cookie).

for (const locale of ["fr", "en"] as Locale[]) {
  test.describe(`payment in progress (${locale})`, () => {
    test.use({ locale: locale === "fr" ? "fr-FR" : "en-GB" });
    oneViewportPerLanguage(locale);

    test("another browser is told a payment is in progress; the customer's reload keeps the attempt", async ({ page, browser, baseURL }) => {
      const link = await createLink(page.request, baseURL!);
      // The customer's browser starts a payment that nobody answers yet (a phone ending in 222).
      const started = await page.request.post(`/test/api/checkout/${link.reference}/attempts`, {
        data: { gatewayName: "MTN_MOMO_CI", country: "CI", customerPhone: "+2250700000222" },
      });
      expect(started.status()).toBe(200);
      await page.goto(link.paymentUrl);
      await expect(page.getByRole("heading", { name: text(locale, "steps.direct") })).toBeVisible();

      const stranger = await browser.newContext({ locale: locale === "fr" ? "fr-FR" : "en-GB" });
      const other = await stranger.newPage();
      await other.goto(link.paymentUrl);
      await expect(other.getByRole("heading", { name: text(locale, "inProgress.title") })).toBeVisible();
      await expect(other.getByRole("heading", { name: text(locale, "steps.direct") })).toHaveCount(0);
      const refused = await other.request.post(`/test/api/checkout/${link.reference}/attempts`, {
        data: { gatewayName: "MTN_MOMO_CI", country: "CI", customerPhone: "+2250700000444" },
      });
      expect(refused.status()).toBe(409);
      expect((await refused.json()).error.code).toBe(40020);
      await stranger.close();
    });
  });
}
