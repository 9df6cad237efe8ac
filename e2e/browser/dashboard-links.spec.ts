import { expect, test, type Page } from "@playwright/test";
import { choose, text } from "../checkout-helpers";
import { expectNoAxeViolations, message, signInAsMember } from "../dashboard-helpers";
import { auth } from "../helpers";

// The merchant dashboard in a real Chromium, at desktop size and at 360 px (the mobile project):
// what the first-day journey (dashboard-journey.spec.ts) does not walk through: the form's
// errors, the QR code and share links, the environments, the language switch, the statement and
// analytics exports, and the checkout settings.
test.use({ locale: "en-GB" });

async function newLinkFromForm(page: Page, description: string) {
  await page.goto("/test/dashboard");
  await page.getByRole("link", { name: "New payment link" }).click();
  await expect(page.getByRole("heading", { name: "New payment link" })).toBeVisible();
  await page.getByLabel("Amount").fill("5000");
  await page.getByLabel("Currency").selectOption("XOF");
  await page.getByLabel("What is it for?").fill(description);
  await page.getByRole("button", { name: "Create the link" }).click();
  await expect(page).toHaveURL(/\/test\/dashboard\/links\/LINK_TEST_[0-9A-Z]{26}\?created=1$/, { timeout: 15_000 });
  return /LINK_TEST_[0-9A-Z]{26}/.exec(page.url())![0];
}

test("the form refuses decimals XOF does not have; the link's QR code and share links", async ({ page }) => {
  await signInAsMember(page);
  await page.goto("/test/dashboard/links/new");
  // The API's own rule, on the form beside the amount, in the member's words: XOF has no decimals.
  await page.getByLabel("Amount").fill("10.5");
  await page.getByLabel("What is it for?").fill("x");
  await page.getByRole("button", { name: "Create the link" }).click();
  await expect(page.locator('[data-field="amount"]')).toHaveText(message("en", "apiErrors.rules.decimals"));
  await expect(page.getByLabel("Amount")).toHaveValue("10.5");

  const reference = await newLinkFromForm(page, `Dashboard cake ${Date.now()}`);
  const paymentUrl = (await page.locator(".dash-url").textContent())!;
  // The QR code, drawn and downloadable; share links carry the payment URL.
  await expect(page.getByRole("img", { name: "QR code of the payment link" })).toBeVisible();
  const png = await page.request.get(`/test/dashboard/links/${reference}/qr.png`);
  expect([png.status(), png.headers()["content-type"]]).toEqual([200, "image/png"]);
  expect((await png.body()).subarray(1, 4).toString()).toBe("PNG");
  const svg = await page.request.get(`/test/dashboard/links/${reference}/qr.svg`);
  expect(await svg.text()).toContain("<svg");
  expect(await page.getByRole("link", { name: "WhatsApp" }).getAttribute("href")).toContain(`https://wa.me/?text=`);
  expect(decodeURIComponent((await page.getByRole("link", { name: "WhatsApp" }).getAttribute("href"))!)).toContain(paymentUrl);
  expect(await page.getByRole("link", { name: "SMS" }).getAttribute("href")).toMatch(/^sms:/);
  expect(await page.getByRole("link", { name: "E-mail" }).getAttribute("href")).toMatch(/^mailto:/);
  await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
});

test("the live dashboard does not show a sandbox link, and the switch changes environment", async ({ page }) => {
  await signInAsMember(page);
  const reference = await newLinkFromForm(page, `Sandbox only ${Date.now()}`);
  const live = await page.goto(`/dashboard/links/${reference}`);
  expect(live?.status()).toBe(404);
  await page.goto("/dashboard/links");
  await expect(page.getByText(/^Test mode/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: reference })).toHaveCount(0);
  await page.getByRole("link", { name: "Switch to test mode" }).click();
  await expect(page).toHaveURL(/\/test\/dashboard\/links$/);
  await expect(page.getByRole("link", { name: reference })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("French and English", async ({ page }) => {
  await signInAsMember(page);
  await page.goto("/test/dashboard/links");
  await page.getByRole("button", { name: "Français" }).click();
  await expect(page.getByRole("heading", { name: "Liens de paiement" })).toBeVisible();
  await expect(page).toHaveURL(/\/test\/dashboard\/links$/);
  await expect(page.getByText(/^Mode test/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Payment links" })).toBeVisible();
});

test("a deposit made through the API is listed; the statement and the analytics as CSV", async ({ page, request }) => {
  test.setTimeout(60_000);
  // Sandbox money, the real way: a DIRECT deposit the simulated phone approves.
  const merchant = (await import("../helpers")).e2eMerchant();
  const deposit = await (
    await request.post("/test/api/v4/classic/deposit/initiate", {
      headers: auth(merchant.sandboxKey),
      data: { amount: 20000, currency: "XOF", customerPhone: "+2250700000444", country: "CI", gatewayName: "MTN_MOMO_CI" },
    })
  ).json();
  await expect
    .poll(async () => (await (await request.get(`/test/api/v4/deposits/${deposit.reference}`, { headers: auth(merchant.sandboxKey) })).json()).status, { timeout: 15_000 })
    .toBe("completed");

  await signInAsMember(page, { role: "admin" });
  await page.goto("/test/dashboard/deposits");
  await expect(page.getByRole("link", { name: deposit.reference })).toBeVisible();
  await expectNoAxeViolations(page);

  // As the English browser's download asks for it (the words follow the member's language).
  const english = { headers: { "accept-language": "en-GB" } };
  const csv = await page.request.get("/test/dashboard/balance/statement.csv", english);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text()).trim().split("\r\n");
  // In the member's words (English here), times in the merchant's zone.
  expect(lines[0].replace(/^\uFEFF/, "")).toBe("date and time (UTC),reference,kind,account,currency,amount,entry");
  expect(lines.some((line) => line.includes(deposit.reference))).toBe(true);

  const analytics = await page.request.get("/test/dashboard/analytics/export.csv", english);
  expect((await analytics.text()).replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("section,currency,day or operator,created,paid,amount paid,fees collected");
});

test("settings: the checkout language, and support contacts shown on the checkout when a payment fails", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  // It changes the shared e2e merchant's contacts (and clears them at the end): one project runs it.
  test.skip(testInfo.project.name === "mobile", "one run is enough: it changes the merchant's settings");
  await signInAsMember(page, { role: "owner" });
  await page.goto("/test/dashboard/settings");
  await expectNoAxeViolations(page);
  const form = page.getByRole("region", { name: "Your business on the checkout" });
  await form.getByLabel(/Support phone/).fill("+2250700000999");
  await form.getByLabel("Support e-mail").fill("help@e2e.example");
  await form.getByLabel(/^Logo/).setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"),
  });
  await form.getByLabel(/Checkout language/).selectOption("en");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(page.getByRole("img", { name: "Current logo" })).toBeVisible();

  const reference = await newLinkFromForm(page, `Declined ${Date.now()}`);
  const paymentUrl = (await page.locator(".dash-url").textContent())!;
  expect(paymentUrl).toContain(reference);
  // A customer whose browser asks for German (which we do not offer) gets the merchant's choice,
  // English, instead of the platform's French; one asking for French still gets French.
  for (const [browserLocale, shown] of [["de-DE", "en"], ["fr-FR", "fr"]] as const) {
    const customer = await page.context().browser()!.newContext({ locale: browserLocale });
    const customerPage = await customer.newPage();
    await customerPage.goto(paymentUrl);
    await expect(customerPage.locator("html")).toHaveAttribute("lang", shown);
    await expect(customerPage.getByText(text(shown, "sandboxBanner"))).toBeVisible();
    await customer.close();
  }
  await page.goto(paymentUrl);
  // A number ending in 111: the simulated phone declines.
  await choose(page, "en", /MTN Mobile Money/, "0700000111");
  await expect(page.getByRole("heading", { name: text("en", "final.failedTitle") })).toBeVisible({ timeout: 20_000 });
  const support = page.getByRole("region", { name: "Need help?" });
  await expect(support.getByRole("link", { name: "+2250700000999" })).toHaveAttribute("href", "tel:+2250700000999");
  await expect(support.getByRole("link", { name: "help@e2e.example" })).toHaveAttribute("href", "mailto:help@e2e.example");

  // Cleared again, so the other checkout tests see the merchant as before.
  await page.goto("/test/dashboard/settings");
  await form.getByLabel(/Support phone/).fill("");
  await form.getByLabel("Support e-mail").fill("");
  await form.getByLabel("Remove the logo").check();
  await form.getByLabel(/Checkout language/).selectOption("");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
});
