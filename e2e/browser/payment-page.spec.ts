import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { auth } from "../helpers";
import { linkStatus, merchant, pattern, text } from "../checkout-helpers";
import { message, signInAsMember } from "../dashboard-helpers";

// Issue 36's Done-when, on a 360 px phone in French with JavaScript off (the "no-javascript"
// project): the shopkeeper makes a page in the dashboard ("the customer chooses", at most 2
// payments) and opens its poster; two customers type their amount (one of them wrong first, then
// declined once by the phone) and pay through the page and the sandbox checkout; a third is told
// the page no longer takes payments; a receipt shows its own payment and leads to no other.

test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, locale: "fr-FR" });

const catalog = JSON.parse(fs.readFileSync(path.join(process.cwd(), "messages", "fr.json"), "utf8")).paymentPage;
const words = (key: string): string => key.split(".").reduce((node, part) => node[part], catalog);
/** A page string with its placeholders as "anything". */
const wordsPattern = (key: string) =>
  new RegExp(
    words(key)
      .split(/\{[^}]*\}/)
      .map((s) => s.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
      .join(".*"),
  );

async function newPage(request: APIRequestContext, body: Record<string, unknown>) {
  const res = await request.post("/test/api/v4/payments/page", {
    headers: auth(merchant.sandboxKey),
    data: { description: "Cotisation du mois", currency: "XOF", ...body },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { reference: string; url: string };
}

async function readPage(request: APIRequestContext, reference: string) {
  const res = await request.get(`/test/api/v4/payments/page/${reference}`, { headers: auth(merchant.sandboxKey) });
  return (await res.json()) as { status: string; paymentsCount: number; amountCollected: number };
}

const checkoutWords = JSON.parse(fs.readFileSync(path.join(process.cwd(), "messages", "fr.json"), "utf8"));
const receiptWords = (key: string): string => key.split(".").reduce((node, part) => node[part], checkoutWords.receipt);
const shop = (key: string) => message("fr", `dashboardPages.${key}`);

const amountField = (page: Page) => page.getByLabel(words("amountLabel").replace("{currency}", "F\u00a0CFA"));
const payButton = (page: Page) => page.getByRole("button", { name: words("pay"), exact: true });

/**
 * From the page to "paid": the amount typed, then the sandbox checkout without JavaScript (MTN).
 * `declinedFirst`: the phone declines a first try (a number ending in 111), and the customer pays
 * with another number from the failure screen. Answers the payment link's reference.
 */
async function payThroughPage(page: Page, request: APIRequestContext, url: string, typed: string, minor: number, declinedFirst = false) {
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(wordsPattern("title"));
  await expect(page.getByText(wordsPattern("range"))).toBeVisible();
  await amountField(page).fill(typed);
  await payButton(page).click();
  await expect(page).toHaveURL(/\/test\/pay\/LINK_TEST_[0-9A-Z]+$/);
  const reference = /\/pay\/(LINK_TEST_[0-9A-Z]+)$/.exec(page.url())![1];
  const res = await request.get(`/test/api/v4/payments/link/${reference}`, { headers: auth(merchant.sandboxKey) });
  expect(await res.json()).toMatchObject({ amount: minor, status: "pending" });

  const country = page.getByLabel(text("fr", "country"));
  if ((await country.inputValue()) !== "CI") {
    await country.selectOption("CI");
    await page.getByRole("button", { name: text("fr", "continue") }).click();
    await expect(page).toHaveURL(/[?&]country=CI(&|$)/);
  }
  await page.getByRole("radio", { name: /MTN Mobile Money/ }).check();
  await page.getByRole("button", { name: text("fr", "continue") }).click();
  await expect(page.getByRole("heading", { name: text("fr", "steps.phone") })).toBeVisible();
  if (declinedFirst) {
    await page.getByLabel(text("fr", "phoneLabel")).fill("0700000111");
    await page.getByRole("button", { name: pattern("fr", "pay") }).click();
    await expect(page.getByRole("heading", { name: text("fr", "final.failedTitle") })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(text("fr", "final.reasons.declined_by_customer"))).toBeVisible();
    await fitsThePhone(page);
    // The link reads failed (the contract's status after a declined attempt) and can still be paid;
    // the declined try does not count on the page (checked by the totals at the end).
    expect(await linkStatus(request, reference)).toBe("failed");
    await page.getByRole("button", { name: checkoutWords.checkoutRetry.otherNumber }).click();
    await expect(page.getByRole("heading", { name: text("fr", "steps.phone") })).toBeVisible();
  }
  await page.getByLabel(text("fr", "phoneLabel")).fill("0700000444");
  await page.getByRole("button", { name: pattern("fr", "pay") }).click();
  // The waiting page refreshes itself until the sandbox approves (~2 s).
  await expect(page.getByRole("heading", { name: text("fr", "final.completedTitle") })).toBeVisible({ timeout: 20_000 });
  expect(await linkStatus(request, reference)).toBe("completed");
  return reference;
}

/** The page's content, its field and its button fit the phone's width (no sideways scrolling). */
async function fitsThePhone(page: Page) {
  for (const part of [page.locator("main"), page.locator("main form"), page.locator("main h1")]) {
    if ((await part.count()) === 0) continue;
    const box = (await part.first().boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
}

test.describe("a payment page, 360 px, French, without JavaScript", () => {
  test.describe.configure({ timeout: 120_000 });

  test("made in the dashboard, its poster; 2 500, then 1.000 after a wrong amount and a declined try; the third is told it is closed; each receipt its own", async ({ page, request }) => {
    // The shopkeeper, on the same phone: "the customer chooses", two payments at most, then the poster.
    await signInAsMember(page, { locale: "fr" });
    await page.goto("/test/dashboard/pages/new");
    const description = `Cotisation du mois ${Date.now()}`;
    await page.getByLabel(shop("new.description")).fill(description);
    await page.getByLabel(shop("new.customerChooses")).check();
    await page.getByLabel(shop("new.minAmount")).fill("100");
    await page.getByLabel(shop("new.maxPayments")).fill("2");
    await page.getByRole("button", { name: shop("new.submit") }).click();
    await expect(page).toHaveURL(/\/test\/dashboard\/pages\/PAGE_TEST_[0-9A-Z]{26}\?created=1$/);
    const pageReference = /PAGE_TEST_[0-9A-Z]{26}/.exec(page.url())![0];
    await page.getByRole("link", { name: shop("detail.posterA4") }).click();
    await expect(page.getByText(shop("poster.scan"), { exact: true })).toBeVisible();
    expect(await page.getByRole("img", { name: shop("detail.qrAlt") }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // The address printed for people without a QR reader (no scheme) is the page's.
    await expect(page.locator(".dash-poster-url strong")).toHaveText(new RegExp(`/test/p/${pageReference}$`));
    const url = `/test/p/${pageReference}`;
    await page.context().clearCookies();

    // The first customer: "2 500".
    const first = await payThroughPage(page, request, url, "2 500", 2500);

    // The second customer types an amount out of range first: said on the field, the amount kept.
    await page.context().clearCookies();
    await page.goto(url);
    await fitsThePhone(page);
    await amountField(page).fill("50");
    await payButton(page).click();
    await expect(page).toHaveURL(/[?&]error=outOfRange(&|$)/);
    await expect(amountField(page)).toHaveAttribute("aria-invalid", "true");
    await expect(amountField(page)).toHaveValue("50");
    await expect(page.locator("#amount-error")).toHaveText(wordsPattern("errors.outOfRange"));
    await expect(page.locator("#amount-error")).toContainText("100");
    // Not a number at all.
    await amountField(page).fill("deux mille");
    await payButton(page).click();
    await expect(page.locator("#amount-error")).toHaveText(words("errors.notANumber"));
    await fitsThePhone(page);
    expect((await readPage(request, pageReference)).paymentsCount).toBe(1);
    // Then "1.000", declined once by the phone, and paid with another number.
    const second = await payThroughPage(page, request, url, "1.000", 1000, true);

    // Its receipt: this payment's amount and references, and no way to the other payment's.
    await page.getByRole("link", { name: text("fr", "final.receipt") }).click();
    await expect(page).toHaveTitle(receiptWords("title"));
    // A sandbox receipt reads as a test, on the phone's first screen, and cannot pass for proof of payment (issue 51).
    await expect(page.getByRole("note")).toHaveText(receiptWords("test"));
    await expect(page.getByRole("note")).toBeInViewport();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(receiptWords("testHeading").replace("{merchant}", merchant.name));
    const read = await (await request.get(`/test/api/v4/payments/link/${second}`, { headers: auth(merchant.sandboxKey) })).json();
    const lines = page.locator(".receipt-lines");
    await expect(lines).toContainText(second);
    await expect(lines).toContainText(/DEP_TEST_\w+/);
    await expect(lines).toContainText(description);
    const total = String(1000 + read.fees);
    await expect(lines).toContainText(new RegExp(`${total.slice(0, -3)}\\D?${total.slice(-3)}`));
    await expect(page.locator("body")).not.toContainText(first);
    await fitsThePhone(page);
    // Its own page, and "was I charged?" (/test/check), which shows nothing without the payment's facts; the share links carry this receipt only.
    const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
    for (const href of hrefs.filter((h) => /^(https:\/\/wa\.me\/|sms:)/.test(h))) expect(decodeURIComponent(href)).toContain(`/test/pay/${second}/receipt`);
    for (const href of hrefs.filter((h) => !/^(https:\/\/wa\.me\/|sms:)/.test(h))) expect(href).toMatch(new RegExp(`^/test/(pay/${second}(\\?|$)|check$)`));

    // The third: the page says it takes no more payments, and has no form.
    await page.context().clearCookies();
    await page.goto(url);
    await expect(page.getByRole("heading", { name: words("closed.title") })).toBeVisible();
    await expect(page.getByText(wordsPattern("closed.exhausted"))).toBeVisible();
    await expect(payButton(page)).toHaveCount(0);
    await expect(amountField(page)).toHaveCount(0);
    await fitsThePhone(page);

    expect(await readPage(request, pageReference)).toMatchObject({ status: "exhausted", paymentsCount: 2, amountCollected: 3500 });
  });

  test("a set price shows the price and no field; an unknown page is the server-drawn 404", async ({ page, request }) => {
    const made = await newPage(request, { amount: 1500, description: "Ticket de bus" });
    // The checkout's headers: a content policy with a fresh nonce, our origin kept on our own posts only.
    const res = (await page.goto(made.url))!;
    expect(res.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(res.headers()["referrer-policy"]).toBe("same-origin");
    await expect(page.locator('meta[name="referrer"]')).toHaveAttribute("content", "same-origin");
    await expect(page.getByText("Ticket de bus")).toBeVisible();
    await expect(page.locator(".order .amount")).toContainText("1");
    await expect(page.locator(".order .amount")).toContainText("500");
    await expect(amountField(page)).toHaveCount(0);
    await expect(page).toHaveTitle(wordsPattern("title"));
    await payButton(page).click();
    await expect(page).toHaveURL(/\/test\/pay\/LINK_TEST_[0-9A-Z]+$/);

    for (const unknown of ["/test/p/PAGE_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K", "/p/PAGE_01JD3Z8M6X5V4T3R2Q1P0N9M8K", `/p/${made.reference}`]) {
      const res = await page.goto(unknown);
      expect(res?.status(), unknown).toBe(404);
      await expect(page.getByRole("heading", { name: words("notFound.title") })).toBeVisible();
      await expect(page).toHaveTitle(words("notFound.title"));
    }
  });
});
