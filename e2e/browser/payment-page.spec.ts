import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { auth } from "../helpers";
import { linkStatus, merchant, pattern, text } from "../checkout-helpers";

// Issue 36 part 2: a payment page as the customer sees it, on a 360 px phone in French with
// JavaScript off (the "no-javascript" project): "the customer chooses", at most 2 payments. Two
// customers type their amount (one of them wrong first) and pay through the page and the sandbox
// checkout; a third is told the page no longer takes payments.

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

const amountField = (page: Page) => page.getByLabel(words("amountLabel").replace("{currency}", "XOF"));
const payButton = (page: Page) => page.getByRole("button", { name: words("pay"), exact: true });

/** From the page to "paid": the amount typed, then the sandbox checkout without JavaScript (MTN, an approving number). */
async function payThroughPage(page: Page, request: APIRequestContext, url: string, typed: string, minor: number) {
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
  await page.getByLabel(text("fr", "phoneLabel")).fill("0700000444");
  await page.getByRole("button", { name: pattern("fr", "pay") }).click();
  // The waiting page refreshes itself until the sandbox approves (~2 s).
  await expect(page.getByRole("heading", { name: text("fr", "final.completedTitle") })).toBeVisible({ timeout: 20_000 });
  expect(await linkStatus(request, reference)).toBe("completed");
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
  test.describe.configure({ timeout: 90_000 });

  test("the customer chooses, two payments at most: 2 500, then 1.000 after an amount out of range; the third is told it is closed", async ({ page, request }) => {
    const made = await newPage(request, { maxPayments: 2 });
    expect(made.url).toMatch(new RegExp(`/test/p/${made.reference}$`));

    // The first customer: "2 500".
    await payThroughPage(page, request, made.url, "2 500", 2500);

    // The second customer types an amount out of range first: said on the field, the amount kept.
    await page.context().clearCookies();
    await page.goto(made.url);
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
    expect((await readPage(request, made.reference)).paymentsCount).toBe(1);
    // Then "1.000", and paid.
    await payThroughPage(page, request, made.url, "1.000", 1000);

    // The third: the page says it takes no more payments, and has no form.
    await page.context().clearCookies();
    await page.goto(made.url);
    await expect(page.getByRole("heading", { name: words("closed.title") })).toBeVisible();
    await expect(page.getByText(wordsPattern("closed.exhausted"))).toBeVisible();
    await expect(payButton(page)).toHaveCount(0);
    await expect(amountField(page)).toHaveCount(0);
    await fitsThePhone(page);

    expect(await readPage(request, made.reference)).toMatchObject({ status: "exhausted", paymentsCount: 2, amountCollected: 3500 });
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
