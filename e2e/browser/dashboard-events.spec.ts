import { expect, test, type Page } from "@playwright/test";
import { oneViewportPerLanguage } from "../checkout-helpers";
import { expectNoAxeViolations, message, signInAsMember, type Locale } from "../dashboard-helpers";
import { auth, e2eMerchant } from "../helpers";

// Issue 35, the developer: the dashboard's events view (developers -> events -> one event, its
// payload and its deliveries), English on the desktop and French on the 360 px phone; and "Send
// a test event" pointing a localhost URL to the SDK's listen command.

const merchant = e2eMerchant();

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

for (const [locale, browserLocale] of [
  ["en", "en-GB"],
  ["fr", "fr-FR"],
] as const) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale: browserLocale });
    oneViewportPerLanguage(locale as Locale);

    test(`lists the events, opens one and shows its payload and deliveries (${locale})`, async ({ page }) => {
      test.setTimeout(120_000);
      const d = (key: string, values?: Record<string, string | number>) => message(locale, `dashboard.${key}`, values);
      // A sandbox deposit with a callback URL: its deposit.completed event gets a delivery, which
      // the server's runner attempts (merchant.example does not resolve: the attempt records why).
      const created = await page.request.post("/test/api/v4/classic/deposit/initiate", {
        headers: auth(merchant.sandboxKey),
        data: { amount: 5000, currency: "XOF", customerPhone: "+2250700000444", country: "CI", gatewayName: "MTN_MOMO_CI", callbackUrl: "https://merchant.example/hooks" },
      });
      expect(created.status()).toBe(200);
      const reference = (await created.json()).reference as string;
      await expect
        .poll(async () => (await (await page.request.get(`/test/api/v4/deposits/${reference}`, { headers: auth(merchant.sandboxKey) })).json()).status, { timeout: 20_000 })
        .toBe("completed");

      await signInAsMember(page, { role: "developer", locale: locale as Locale });
      await page.goto("/test/dashboard/developers");
      await page.getByRole("link", { name: d("events.viewAll") }).click();
      await expect(page.getByRole("heading", { level: 1, name: d("events.heading") })).toBeVisible();
      const card = page.getByRole("listitem").filter({ hasText: reference });
      await expect(card).toContainText("deposit.completed");
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);

      await card.getByRole("link").click();
      await expect(page).toHaveURL(/\/test\/dashboard\/developers\/events\/msg_\w{26}$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(d("events.detailHeading", { type: "deposit.completed" }));
      const payload = page.getByLabel(d("events.payload"));
      await expect(payload).toContainText(`"reference": "${reference}"`);
      await expect(payload).toContainText(`"status": "completed"`);
      await expect(page.getByRole("heading", { level: 2, name: d("events.deliveries") })).toBeVisible();
      // The runner's first attempt, once it is made: its number and why it failed.
      await expect(async () => {
        await page.reload();
        await expect(page.getByText(d("deliveries.attempt", { number: 1 }), { exact: false })).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 30_000 });
      await expect(page.getByText("https://merchant.example/hooks")).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);

      // Another merchant's event id, or an unknown one: not found.
      const unknown = await page.goto("/test/dashboard/developers/events/msg_00000000000000000000000000");
      expect(unknown?.status()).toBe(404);
    });

    test(`"Send a test event" to localhost points to npx @pcs/sdk listen (${locale})`, async ({ page }) => {
      const d = (key: string, values?: Record<string, string | number>) => message(locale, `dashboard.${key}`, values);
      await signInAsMember(page, { role: "developer", locale: locale as Locale });
      await page.goto("/test/dashboard/developers");
      const form = page.getByRole("region", { name: d("developers.testEvent") });
      await form.getByLabel(d("developers.testUrl")).fill("http://localhost:3000/webhooks");
      await form.getByRole("button", { name: d("developers.send") }).click();
      await expect(form.getByText("npx @pcs/sdk listen --forward-to http://localhost:3000/webhooks --key sk_test_...")).toBeVisible();
      await expect(form.getByText(d("developers.localUrl", { command: "npx @pcs/sdk listen --forward-to http://localhost:3000/webhooks --key sk_test_..." }))).toBeVisible();
      await expectNoSidewaysScroll(page);
    });
  });
}
