import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { auth, e2eMerchant } from "./helpers";

export type Locale = "fr" | "en";

/**
 * For a describe block of one language: English runs on the desktop browser, French on the 360 px
 * phone. The words and the layout are both checked, and each journey runs twice instead of four
 * times (the CI minutes of both databases).
 */
export function oneViewportPerLanguage(locale: Locale) {
  test.beforeEach(({}, testInfo) => {
    test.skip((locale === "en") === (testInfo.project.name === "mobile"), "en runs on desktop, fr on the 360 px phone");
  });
}
const catalogs = Object.fromEntries(
  (["fr", "en"] as const).map((l) => [l, JSON.parse(fs.readFileSync(path.join(process.cwd(), "messages", `${l}.json`), "utf8")).checkout]),
);

/** A checkout string as the page shows it; placeholders become "anything" in the regex form. */
export function text(locale: Locale, key: string): string {
  return key.split(".").reduce((node, part) => node[part], catalogs[locale]);
}
export function pattern(locale: Locale, key: string): RegExp {
  const source = text(locale, key)
    .split(/\{[^}]*\}(?:[^{}]*\})?/)
    .map((s) => s.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(source);
}

export const merchant = e2eMerchant();

export async function createLink(request: APIRequestContext, baseURL: string, extra: Record<string, unknown> = {}) {
  const res = await request.post("/test/api/v4/payments/link", {
    headers: auth(merchant.sandboxKey),
    data: { amount: 5000, currency: "XOF", description: "Commande #42", returnUrl: `${baseURL}/?shop=back`, ...extra },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { reference: string; paymentUrl: string };
}

export async function linkStatus(request: APIRequestContext, reference: string) {
  const res = await request.get(`/test/api/v4/payments/link/${reference}`, { headers: auth(merchant.sandboxKey) });
  return (await res.json()).status as string;
}

/** Saves a screenshot of the state as a test artifact and checks it with axe. */
export async function capture(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/** Chooses a gateway in Côte d'Ivoire and, for phone-first gateways, types the number. */
export async function choose(page: Page, locale: Locale, provider: RegExp, national?: string) {
  const country = page.getByLabel(text(locale, "country"));
  if (await country.isVisible()) await country.selectOption("CI");
  await page.getByRole("radio", { name: provider }).check();
  await page.getByRole("button", { name: text(locale, "continue") }).click();
  await expect(page.getByRole("heading", { name: text(locale, "steps.phone") })).toBeFocused();
  if (national !== undefined) {
    await page.getByLabel(text(locale, "phoneLabel")).fill(national);
    await page.getByRole("button", { name: pattern(locale, "pay") }).click();
  }
}
