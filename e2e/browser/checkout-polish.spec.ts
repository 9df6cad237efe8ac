import { expect, test, type Page } from "@playwright/test";
import { auth } from "../helpers";
import { capture, choose, createLink, merchant, text } from "../checkout-helpers";

// The checkout seen at 360x640 (the mobile project) and on a desktop: what the paid screen says
// was charged, sharing offered only while the link can be paid, the country the page opens on,
// and the site icon.

test.describe("paid and failed screens (en)", () => {
  test.use({ locale: "en-GB" });

  test("the paid screen shows what the customer paid, with the amount and fee lines, and no share", async ({ page, request, baseURL }, testInfo) => {
    const link = await createLink(request, baseURL!, { amount: 12500, returnUrl: undefined });
    await page.goto(link.paymentUrl);
    await expect(page.locator("details.share")).toHaveCount(1);
    await expect(page.locator("details.sandbox-help")).toHaveCount(1);
    await choose(page, "en", /MTN Mobile Money/, "0700000444");
    await expect(page.getByRole("heading", { name: text("en", "final.completedTitle") })).toBeVisible({ timeout: 15_000 });
    const read = await (await request.get(`/test/api/v4/payments/link/${link.reference}`, { headers: auth(merchant.sandboxKey) })).json();
    expect(read.fees).toBe(188); // MTN_MOMO_CI: 1.5% of 12,500 = 187.5, rounded up to the franc
    await expect(page.getByText("You paid 12,688 F CFA")).toBeVisible();
    const summary = page.locator(".final dl.summary");
    await expect(summary).toContainText("Amount12,500 F CFA");
    await expect(summary).toContainText("Fees188 F CFA");
    await page.screenshot({ path: testInfo.outputPath("paid.png"), fullPage: true });
    // Paid in this page (no reload): the share block and the sandbox help under the steps are gone.
    await expect(page.locator("details.share")).toHaveCount(0);
    await expect(page.locator("details.sandbox-help")).toHaveCount(0);
    await page.reload();
    await expect(page.getByText("You paid 12,688 F CFA")).toBeVisible();
    await expect(page.locator("details.share")).toHaveCount(0);
  });

  // Issue 28: a failed attempt no longer ends the link (it is payable until expiresAt), so its
  // screen keeps the share block; an expired link's offers none.
  test("a failed attempt's screen still offers share (the link can still be paid); an expired link's does not", async ({ page, request, baseURL }) => {
    const link = await createLink(request, baseURL!);
    await page.goto(link.paymentUrl);
    await choose(page, "en", /MTN Mobile Money/, "0700000111");
    await expect(page.getByRole("heading", { name: text("en", "final.failedTitle") })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator("details.share")).toHaveCount(1);
    const expired = await createLink(request, baseURL!, { expiresIn: 5 });
    await page.waitForTimeout(5_500);
    await page.goto(expired.paymentUrl);
    await expect(page.getByRole("heading", { name: text("en", "final.expiredTitle") })).toBeVisible();
    await expect(page.locator("details.share")).toHaveCount(0);
  });
});

test.describe("a live link no gateway can take (en)", () => {
  test.use({ locale: "en-GB" });

  test("says it cannot be paid online now, with the merchant's contacts, instead of an empty form", async ({ page, request, baseURL }, testInfo) => {
    // Live, only the operators configured take payments (the fakes here: XOF only), so a live EUR
    // link has no gateway at all: the page used to fail with a 500.
    const res = await request.post("/api/v4/payments/link", { headers: auth(merchant.liveKey), data: { amount: 150, currency: "EUR", description: "Commande #43" } });
    expect(res.status()).toBe(200);
    const link = (await res.json()) as { paymentUrl: string };
    const response = await page.goto(link.paymentUrl);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("alert").getByRole("heading", { name: text("en", "noGateway.title") })).toBeVisible();
    await expect(page.getByRole("button", { name: text("en", "continue") })).toHaveCount(0);
    await capture(page, testInfo, "no-gateway");
  });
});

test.describe("paid screen (fr)", () => {
  test.use({ locale: "fr-FR" });

  test("says 'Vous avez payé' with the total", async ({ page, request, baseURL }) => {
    const link = await createLink(request, baseURL!, { amount: 12500, returnUrl: undefined });
    await page.goto(link.paymentUrl);
    await choose(page, "fr", /MTN Mobile Money/, "0700000444");
    await expect(page.getByRole("heading", { name: text("fr", "final.completedTitle") })).toBeVisible({ timeout: 15_000 });
    // French groups thousands with a narrow no-break space.
    await expect(page.locator(".paid-total")).toHaveText(/^Vous avez payé 12\s688\sF\sCFA$/);
    await expect(page.locator(".final dl.summary")).toContainText("Frais188 F CFA");
  });
});

const selectedCountry = (page: Page) => page.getByLabel(text("fr", "country")).inputValue();

test.describe("country preselection from the customer's locale", () => {
  test.use({ locale: "fr-CI" });

  test("fr-CI opens on Côte d'Ivoire", async ({ page, request, baseURL }) => {
    const link = await createLink(request, baseURL!);
    await page.goto(link.paymentUrl);
    expect(await selectedCountry(page)).toBe("CI");
  });
});

test.describe("country preselection without a region", () => {
  test.use({ locale: "fr-FR" });

  test("falls back to the country of the customer's phone, else the first listed", async ({ page, request, baseURL }) => {
    const withPhone = await createLink(request, baseURL!, { customerPhone: "+221770000444" });
    await page.goto(withPhone.paymentUrl);
    expect(await selectedCountry(page)).toBe("SN");
    const without = await createLink(request, baseURL!);
    await page.goto(without.paymentUrl);
    const first = await page.getByLabel(text("fr", "country")).locator("option").first().getAttribute("value");
    expect(await selectedCountry(page)).toBe(first);
  });
});

test("the site icon is served: no 404 for it on any page", async ({ page, request, baseURL }) => {
  const failures: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  page.on("console", (message) => {
    if (message.type() === "error") failures.push(`console: ${message.text()}`);
  });
  const link = await createLink(request, baseURL!);
  for (const path of [new URL(link.paymentUrl).pathname, "/admin/login", "/"]) {
    await page.goto(path);
    const href = await page.locator('link[rel="icon"]').first().getAttribute("href");
    expect(href, path).toBeTruthy();
    const icon = await request.get(href!);
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toMatch(/^image\//);
  }
  const favicon = await request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toMatch(/^image\//);
  expect(failures).toEqual([]);
});
