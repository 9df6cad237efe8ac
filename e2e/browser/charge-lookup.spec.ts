import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { auth } from "../helpers";
import { merchant } from "../checkout-helpers";
import { expectFrenchOnly, expectNoSidewaysScroll } from "../page-fits-phone";

// Issue 51 item 4, "Ai-je été débité ?", on a 360 px phone in French with JavaScript off (the
// "no-javascript" project): a customer finds their payment by number, amount and day, tells the
// merchant (once), is told nothing for partial or wrong facts, and sees only merchant, time and
// status when several payments match; the receipt leads to the page. Every screen fits the phone.

test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, locale: "fr-FR" });

const catalog = JSON.parse(fs.readFileSync(path.join(process.cwd(), "messages", "fr.json"), "utf8"));
const words = (key: string): string => key.split(".").reduce((node, part) => node[part], catalog.chargeLookup);
/** A string with its placeholders as "anything". */
const wordsPattern = (key: string) => new RegExp(words(key).split(/\{[^}]*\}/).map((s) => s.replace(/[.*+?^$()|[\]\\]/g, "\\$&")).join(".*"));

let phones = 0;
/** A national number of Côte d'Ivoire no other test pays with (the sandbox approves it: not 111, 222 or 333). */
const newNational = () => `07${String(Date.now() % 1e5).padStart(5, "0")}${String(++phones).padStart(2, "0")}5`;

async function pay(request: APIRequestContext, national: string, amount: number) {
  const res = await request.post("/test/api/v4/classic/deposit/initiate", {
    headers: auth(merchant.sandboxKey),
    data: { amount, currency: "XOF", customerPhone: `+225${national}`, country: "CI", gatewayName: "MTN_MOMO_CI" },
  });
  expect(res.status()).toBe(200);
  const reference = (await res.json()).reference as string;
  await expect
    .poll(async () => (await (await request.get(`/test/api/v4/deposits/${reference}`, { headers: auth(merchant.sandboxKey) })).json()).status, { timeout: 20_000 })
    .toBe("completed");
  return reference;
}

/** A screenshot of the screen as a test artifact (axe needs the page's scripts, which are off here). */
const capture = (page: Page, testInfo: TestInfo, name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

async function fits(page: Page) {
  await expectNoSidewaysScroll(page, page.url());
  await expectFrenchOnly(page, page.url());
}

async function search(page: Page, fields: { phone?: string; amount?: string; day?: string; operatorId?: string }) {
  await page.goto("/test/check");
  await expect(page.getByRole("heading", { level: 1, name: words("title") })).toBeVisible();
  await page.getByLabel(words("country")).selectOption("CI");
  if (fields.phone !== undefined) await page.getByLabel(words("phone")).fill(fields.phone);
  if (fields.amount !== undefined) await page.getByLabel(words("amount"), { exact: true }).fill(fields.amount);
  if (fields.day !== undefined) await page.getByLabel(words("day")).fill(fields.day);
  if (fields.operatorId !== undefined) await page.getByLabel(words("operatorId")).fill(fields.operatorId);
  await page.getByRole("button", { name: words("submit") }).click();
}

test.describe("was I charged? 360 px, French, without JavaScript", () => {
  test.describe.configure({ timeout: 90_000 });

  test("found by number, amount and day; the merchant told once; partial or wrong facts tell nothing; several show little", async ({ page, request }, testInfo) => {
    const national = newNational();
    const reference = await pay(request, national, 5000);

    await page.goto("/test/check");
    await fits(page);
    await capture(page, testInfo, "lookup-form");
    // The day is today's by default: the number and the amount are enough to type.
    await search(page, { phone: national.replace(/(\d\d)(?=\d)/g, "$1 "), amount: "5 000" });
    await expect(page).toHaveURL(/\/test\/check\?answer=1$/);
    await expect(page.getByRole("heading", { name: words("status.completed") })).toBeVisible();
    await expect(page.getByText(merchant.name, { exact: true })).toBeVisible();
    await expect(page.getByText(reference)).toBeVisible();
    // The number masked, never whole: not in the page, nor in its address.
    await expect(page.getByText(new RegExp(`^\\+225 07 •• •• •\\d ${national.slice(-2)}$`))).toBeVisible();
    expect(await page.content()).not.toContain(national.slice(2, 7));
    expect(page.url()).not.toContain(national);
    await fits(page);

    await page.getByRole("button", { name: words("alert.button") }).click();
    await expect(page.getByText(words("alert.sent").replace("{merchant}", merchant.name))).toBeVisible();
    await capture(page, testInfo, "lookup-found");
    await page.getByRole("button", { name: words("alert.button") }).click();
    await expect(page.getByText(words("alert.already").replace("{merchant}", merchant.name))).toBeVisible();
    await fits(page);

    // Partial facts: the form asks for the rest, and searches nothing.
    await page.getByRole("link", { name: words("newSearch") }).click();
    await search(page, { phone: national, amount: "" });
    await expect(page.getByText(words("errors.incomplete"))).toBeVisible();
    await fits(page);
    // A wrong amount: nothing found, the same way as no payment at all.
    await search(page, { phone: national, amount: "5 001" });
    await expect(page.getByRole("heading", { name: words("nothing.title") })).toBeVisible();
    await fits(page);

    // The same number paid twice the same amount today: each with its merchant, time and status only.
    const twice = newNational();
    await pay(request, twice, 3000);
    await pay(request, twice, 3000);
    await search(page, { phone: twice, amount: "3000" });
    await expect(page.getByRole("heading", { name: wordsPattern("found.several") })).toHaveText(words("found.several").replace("{count}", "2"));
    await expect(page.getByText(words("status.completed"))).toHaveCount(2);
    await expect(page.getByText(words("number"), { exact: true })).toHaveCount(0);
    await expect(page.getByText(/•/)).toHaveCount(0);
    await fits(page);
    await capture(page, testInfo, "lookup-several");
  });

  test("a receipt leads to the page", async ({ page, request }) => {
    const link = await request.post("/test/api/v4/payments/link", { headers: auth(merchant.sandboxKey), data: { amount: 2000, currency: "XOF", description: "Pagne wax" } });
    const { reference } = await link.json();
    const started = await request.post(`/test/api/checkout/${reference}/attempts`, { data: { gatewayName: "MTN_MOMO_CI", country: "CI", customerPhone: `+225${newNational()}` } });
    expect(started.status()).toBe(200);
    await expect.poll(async () => (await (await request.get(`/test/api/v4/payments/link/${reference}`, { headers: auth(merchant.sandboxKey) })).json()).status, { timeout: 20_000 }).toBe("completed");
    await page.goto(`/test/pay/${reference}`);
    await expect(page.getByRole("link", { name: catalog.checkout.final.chargeLookup })).toHaveAttribute("href", "/test/check");
    await page.goto(`/test/pay/${reference}/receipt`);
    await page.getByRole("link", { name: words("link") }).click();
    await expect(page).toHaveURL(/\/test\/check$/);
    await expect(page.getByRole("heading", { level: 1, name: words("title") })).toBeVisible();
  });
});
