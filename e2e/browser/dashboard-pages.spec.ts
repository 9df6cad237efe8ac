import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { message, signInAsMember } from "../dashboard-helpers";
import { expectFrenchOnly, expectNoSidewaysScroll } from "../page-fits-phone";

// Issue 36 part 3: a shopkeeper makes a payment page on the phone, in French, finds it in the
// list, turns it off and on, and prints its poster (A4 and A6) on one sheet.
test.use({ viewport: { width: 360, height: 640 }, locale: "fr-FR", isMobile: true, hasTouch: true });

/** The operators' names as the French pages say them. */
const operatorNames: string[] = Object.values(JSON.parse(fs.readFileSync(path.join(process.cwd(), "messages", "fr.json"), "utf8")).labels.gateway);
const say = (key: string, values?: Record<string, string | number>) => message("fr", `dashboardPages.${key}`, values);

/** The poster: the business, the words, the QR code, an operator, the short address; one sheet when printed. */
async function expectPoster(page: Page, business: string, reference: string) {
  await expect(page.getByRole("heading", { level: 1, name: business })).toBeVisible();
  await expect(page.getByText(say("poster.scan"), { exact: true })).toBeVisible();
  const qr = page.getByRole("img", { name: say("detail.qrAlt") });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const operators = (await page.locator(".dash-poster-operators").textContent()) ?? "";
  expect(operatorNames.some((name) => operators.includes(name))).toBe(true);
  await expect(page.locator(".dash-poster-url")).toContainText(`/test/p/${reference}`);
  await expectNoSidewaysScroll(page, page.url());
  await expectFrenchOnly(page, page.url());
  // Printed at the sheet's own size (@page): one page, the poster alone.
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".dash-nav")).toBeHidden();
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
  expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
  await page.emulateMedia({ media: "screen" });
}

test("makes a page where the customer chooses, lists it, turns it off and on, prints its A4 and A6 posters", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "mobile", "the spec sets its own phone viewport");
  await signInAsMember(page, { locale: "fr" });
  await page.goto("/test/dashboard");
  const business = (await page.locator(".dash-header strong").textContent())!;
  await page.getByRole("link", { name: say("nav") }).click();
  await expect(page).toHaveURL(/\/test\/dashboard\/pages$/);
  await page.getByRole("link", { name: say("list.new") }).click();

  const description = `Marché de Cocody ${Date.now()}`;
  await page.getByLabel(say("new.description")).fill(description);
  await page.getByLabel(say("new.customerChooses")).check();
  await page.getByLabel(say("new.minAmount")).fill("500");
  await page.getByLabel(say("new.maxAmount")).fill("10 000");
  await page.getByLabel(say("new.maxPayments")).fill("2");
  await expectNoSidewaysScroll(page, page.url());
  await page.getByRole("button", { name: say("new.submit") }).click();
  await expect(page).toHaveURL(/\/test\/dashboard\/pages\/PAGE_TEST_[0-9A-Z]{26}\?created=1$/, { timeout: 15_000 });
  const reference = /PAGE_TEST_[0-9A-Z]{26}/.exec(page.url())![0];
  await expect(page.getByRole("heading", { level: 1, name: description })).toBeVisible();

  // In the list: its price rule, its status and no payment yet.
  await page.getByRole("link", { name: say("detail.back") }).click();
  const row = page.getByRole("row").filter({ hasText: description });
  await expect(row).toContainText(say("amount.free").split(",")[0]);
  await expect(row).toContainText(say("status.active"));
  await expect(row).toContainText("0 / 2");
  await expectNoSidewaysScroll(page, page.url());
  await row.getByRole("link", { name: description }).click();

  // Off, then on again: the state shows after each post.
  await page.getByRole("button", { name: say("detail.turnOff") }).click();
  await expect(page.getByText(say("detail.turnedOff"))).toBeVisible();
  await expect(page.locator(".dash-fields .badge")).toHaveText(say("status.inactive"));
  await page.getByRole("button", { name: say("detail.turnOn") }).click();
  await expect(page.getByText(say("detail.turnedOn"))).toBeVisible();
  await expect(page.locator(".dash-fields .badge")).toHaveText(say("status.active"));
  await expect(page.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", new RegExp(encodeURIComponent(`/test/p/${reference}`)));
  await expectNoSidewaysScroll(page, page.url());

  await page.getByRole("link", { name: say("detail.posterA4") }).click();
  await expect(page).toHaveURL(/\/poster\?size=a4$/);
  await expectPoster(page, business, reference);
  await page.getByRole("link", { name: say("poster.switchTo.a6") }).click();
  await expect(page).toHaveURL(/\/poster\?size=a6$/);
  await expectPoster(page, business, reference);
});

test.describe("with JavaScript off, in English", () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, locale: "en-GB", javaScriptEnabled: false });

  test("the form makes a page at a set price typed the local way, and the switch turns it off", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === "mobile", "one run is enough");
    const en = (key: string) => message("en", `dashboardPages.${key}`);
    await signInAsMember(page);
    await page.goto("/test/dashboard/pages/new");
    const description = `No-script juice ${Date.now()}`;
    await page.getByLabel(en("new.description")).fill(description);
    await page.getByLabel(en("new.amount"), { exact: true }).fill("2 500");
    await page.getByRole("button", { name: en("new.submit") }).click();
    await expect(page).toHaveURL(/\/test\/dashboard\/pages\/PAGE_TEST_[0-9A-Z]{26}\?created=1$/);
    await expect(page.getByRole("heading", { level: 1, name: description })).toBeVisible();
    await expect(page.locator(".dash-fields")).toContainText("2,500 XOF");
    await page.getByRole("button", { name: en("detail.turnOff") }).click();
    await expect(page.getByText(en("detail.turnedOff"))).toBeVisible();
    await expect(page.locator(".dash-fields .badge")).toHaveText(en("status.inactive"));
  });
});
