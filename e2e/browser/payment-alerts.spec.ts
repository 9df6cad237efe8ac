import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { sunkMails } from "../mail-sink";
import { message, signUp, openMailLink, uniqueEmail } from "../dashboard-helpers";
import { choose } from "../checkout-helpers";
import { expectFrenchOnly, expectNoSidewaysScroll } from "../page-fits-phone";

// Issue 51 part 1's Done-when, on a 360 px phone in French: the shopkeeper asks for payment
// alerts, a customer pays through her payment page (/p/...), the SMS fake (e2e/serve.ts: .state/sms.jsonl) and the mail
// sink each receive the alert once, and her "Paiements reçus" page shows the payment without a
// reload. Without JavaScript the same settings form saves and the list reloads itself gently.
test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, locale: "fr-FR" });

const state = path.join(import.meta.dirname, "..", ".state");
const smsTo = (to: string) =>
  fs.existsSync(path.join(state, "sms.jsonl"))
    ? fs.readFileSync(path.join(state, "sms.jsonl"), "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line) as { to: string; message: string }).filter((m) => m.to === to)
    : [];
const alertMailsTo = (to: string) => sunkMails(path.join(state, "mails.jsonl")).filter((m) => m.to === to && m.subject.startsWith("[TEST] Paiement reçu"));
const words = (key: string, values: Record<string, string> = {}) => message("fr", `paymentAlerts.${key}`, values);

/** A new shop in Côte d'Ivoire, its owner signed in on its French sandbox dashboard; her e-mail. */
async function newShop(page: Page, name: string) {
  const email = uniqueEmail("shopkeeper");
  await signUp(page, { email, name: "Awa Koné", businessName: name, country: "CI" }, "fr");
  // The verification mail in whichever language the sign-up chose for it.
  const subjects = (["fr", "en"] as const).map((l) => message(l, "auth.mail.verify.subject").replace(/[.*+?^$()|[\]\\{}]/g, "\\$&"));
  await openMailLink(page, email, new RegExp(`^(${subjects.join("|")})$`));
  await expect(page.getByRole("banner")).toContainText(name, { timeout: 15_000 });
  return email;
}

/** Her own alerts: e-mail and SMS to a number typed the local way. */
async function askForAlerts(page: Page, national: string) {
  await page.goto("/test/dashboard/settings/notifications");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(words("settings.heading"));
  await page.getByRole("checkbox", { name: /^Par e-mail/ }).check();
  await page.getByRole("checkbox", { name: words("settings.sms") }).check();
  await page.getByLabel(words("settings.phone")).fill(national);
  await page.getByRole("button", { name: words("settings.save") }).click();
  await expect(page.getByText(words("settings.saved"))).toBeVisible();
}

test("a payment on her payment page alerts the shopkeeper once by SMS and e-mail, and her live list shows it without a reload", async ({ page, browser }, testInfo) => {
  // A sign-up and its mail, the settings, a page, a payment and its alerts: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  const email = await newShop(page, `Boutique Awa ${Date.now().toString(36)}`);
  const digits = `07${String(Date.now()).slice(-8)}`;
  await askForAlerts(page, digits.replace(/(\d\d)(?=\d)/g, "$1 "));
  await page.screenshot({ path: testInfo.outputPath("notifications-360.png"), fullPage: true });
  await expectNoSidewaysScroll(page, "notifications");
  await expectFrenchOnly(page, "notifications");

  // Her payment page at the counter (its poster's QR code), a set price.
  await page.goto("/test/dashboard/pages/new");
  await page.getByLabel(message("fr", "dashboardPages.new.description")).fill("Pagne wax bleu");
  await page.getByLabel(message("fr", "dashboardPages.new.amount"), { exact: true }).fill("2500");
  await page.getByRole("button", { name: message("fr", "dashboardPages.new.submit") }).click();
  await expect(page).toHaveURL(/\/test\/dashboard\/pages\/PAGE_TEST_[0-9A-Z]{26}\?created=1$/, { timeout: 15_000 });
  const pageReference = /PAGE_TEST_[0-9A-Z]{26}/.exec(page.url())![0];

  await page.goto("/test/dashboard/payments");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(words("received.heading"));
  await expect(page.getByText(words("received.none"))).toBeVisible();
  await expect(page.getByText(words("received.live"))).toBeVisible();
  const loads: string[] = [];
  page.on("load", () => loads.push(page.url()));

  // The customer, on her own phone, opens the page, taps "Payer" and pays with MTN (a number the sandbox approves).
  const customer = await (await browser.newContext({ viewport: { width: 360, height: 640 }, locale: "fr-FR" })).newPage();
  await customer.goto(`/test/p/${pageReference}`);
  await customer.getByRole("button", { name: message("fr", "paymentPage.pay"), exact: true }).click();
  await expect(customer).toHaveURL(/\/test\/pay\/LINK_TEST_[0-9A-Z]{26}$/);
  await choose(customer, "fr", /MTN/, "07 00 12 34 56");

  const item = page.getByTestId("received-payment");
  await expect(item).toHaveCount(1, { timeout: 20_000 });
  await expect(item).toContainText("+225 07 •• •• •4 56");
  await expect(item).toContainText("MTN MoMo Côte d'Ivoire");
  await expect(item).toContainText(/2\s500/);
  expect(loads, "the list updated in place").toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("payments-360.png"), fullPage: true });
  await expectNoSidewaysScroll(page, "payments");
  await expectFrenchOnly(page, "payments");

  const phone = `+225${digits}`;
  await expect.poll(() => smsTo(phone).length, { timeout: 15_000 }).toBe(1);
  expect(smsTo(phone)[0].message).toMatch(/^\[TEST\] Paiement reçu : 2 500 F CFA de \+225 07 \*\* \*\* \*4 56 \(MTN MoMo Côte d'Ivoire\), page de paiement « Pagne wax bleu »\. http/);
  await expect.poll(() => alertMailsTo(email).length, { timeout: 15_000 }).toBe(1);
  expect(alertMailsTo(email)[0].text).toContain("page de paiement « Pagne wax bleu »");
  expect(alertMailsTo(email)[0].text).toContain("Paiement de test\u202f: aucun argent réel n'a circulé.");
  // Further passes of the due-work runner send nothing more.
  await page.waitForTimeout(3_000);
  expect(smsTo(phone)).toHaveLength(1);
  expect(alertMailsTo(email)).toHaveLength(1);
  await customer.context().close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the alert settings save, refuse a bad number, and the list reloads itself every 30 s", async ({ page }) => {
    await newShop(page, `Chez Fatou ${Date.now().toString(36)}`);
    await page.goto("/test/dashboard/settings/notifications");
    await page.getByRole("checkbox", { name: words("settings.sms") }).check();
    await page.getByLabel(words("settings.phone")).fill("12");
    await page.getByRole("button", { name: words("settings.save") }).click();
    await expect(page.getByText(words("settings.phoneInvalid"))).toBeVisible();
    await askForAlerts(page, "07 00 00 98 76");
    await page.goto("/test/dashboard/settings/notifications");
    await expect(page.getByLabel(words("settings.phone"))).toHaveValue("+2250700009876");
    await expect(page.getByRole("checkbox", { name: words("settings.sms") })).toBeChecked();

    await page.goto("/test/dashboard/payments");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(words("received.heading"));
    expect(await page.locator('meta[http-equiv="refresh"]').getAttribute("content")).toBe("30");
    await expectNoSidewaysScroll(page, "payments");
  });
});
