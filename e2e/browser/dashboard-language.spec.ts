import fs from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { oneViewportPerLanguage } from "../checkout-helpers";
import { message, signInAsMember, type Locale } from "../dashboard-helpers";

// Issue 28, forms and language: every error code a dashboard form can produce, sent through the
// dashboard's own forms in French and in English. Each error shows beside its field in the page's
// language, the form keeps what was typed, and the French page holds no English sentence of our
// catalogs and no raw code. Values a member cannot type (a currency, gateway or lifetime outside
// the lists, an id of another merchant) are put in the form as a tampered page would.

const catalog = (locale: Locale) => JSON.parse(fs.readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) as Record<string, unknown>;
const [en, fr] = [catalog("en"), catalog("fr")];

/** The English sentences of our catalogs (their longest literal part), where French says it otherwise. */
const ENGLISH = (() => {
  const found = new Set<string>();
  const walk = (english: unknown, french: unknown) => {
    if (typeof english === "string") {
      if (english === french) return;
      const longest = english.split(/\{[^}]*\}/).sort((a, b) => b.length - a.length)[0].trim();
      if (longest.length >= 12) found.add(longest);
      return;
    }
    if (english && typeof english === "object") for (const [key, value] of Object.entries(english)) walk(value, (french as Record<string, unknown>)?.[key]);
  };
  for (const namespace of ["apiErrors", "labels", "dashboard"] as const) walk(en[namespace], fr[namespace]);
  return [...found];
})();

/** No raw code (40010, "(40010)") and, on a French page, no English sentence of ours. */
async function expectForPeople(page: Page, locale: Locale) {
  const text = await page.locator("main").innerText();
  expect(text).not.toMatch(/\b(401|30001|4[0-2]\d{3}|5\d{4})\b/);
  if (locale === "fr") expect(ENGLISH.filter((sentence) => text.includes(sentence))).toEqual([]);
}

/** Sets a select to a value its list does not offer, as a tampered page would send it. */
async function tamper(form: Locator, name: string, value: string) {
  await form.locator(`[name="${name}"]`).evaluate((element, v) => {
    if (element instanceof HTMLSelectElement && ![...element.options].some((o) => o.value === v)) element.append(new Option(v, v));
    (element as HTMLInputElement).value = v;
  }, value);
}

/** Fills text fields (leaving the browser's own checks aside, as a server must), submits, and waits for the field's error. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function submit(page: Page, form: Locator, fields: Record<string, string>, selects: Record<string, string>, expected: { field: string; key: string }, locale: Locale) {
  await form.evaluate((f) => {
    (f as HTMLFormElement).noValidate = true;
    // Fields for developers are folded away: open them to type.
    for (const details of f.querySelectorAll("details")) details.open = true;
  });
  for (const [name, value] of Object.entries(fields)) await form.locator(`[name="${name}"]`).fill(value);
  for (const [name, value] of Object.entries(selects)) await tamper(form, name, value);
  await form.locator('button[type="submit"]').click();
  const error = form.locator(`[data-field="${expected.field}"]`);
  // A key outside apiErrors (dashboard.balance.overMax) is the field's own message, its figures left open.
  const said = expected.key.startsWith("dashboard.") ? new RegExp(`^${message(locale, expected.key, { max: "\u0000" }).split("\u0000").map(escapeRegExp).join(".+")}$`) : message(locale, `apiErrors.${expected.key}`);
  await expect(error, `${expected.field} ${JSON.stringify(fields)} ${JSON.stringify(selects)}`).toHaveText(said);
  await expect(form.getByRole("alert")).toHaveText(message(locale, "apiErrors.summary"));
  // The field says it is in error, and everything typed is still there.
  await expect(form.locator(`[name="${expected.field}"]`)).toHaveAttribute("aria-invalid", "true");
  for (const [name, value] of Object.entries(fields)) await expect(form.locator(`[name="${name}"]`)).toHaveValue(value);
  for (const [name, value] of Object.entries(selects)) await expect(form.locator(`[name="${name}"]`)).toHaveValue(value);
  await expectForPeople(page, locale);
}

for (const [locale, browserLocale] of [
  ["fr", "fr-FR"],
  ["en", "en-GB"],
] as const) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale: browserLocale });
    // Each language once: the forms' errors do not depend on the screen (CI's minutes are counted).
    oneViewportPerLanguage(locale);

    test(`the new link form: every error beside its field, values kept, in ${locale}`, async ({ page }) => {
      test.setTimeout(180_000);
      await signInAsMember(page, { locale });
      await page.goto("/test/dashboard/links/new");
      const form = page.locator("main form").first();
      const base = { amount: "5 000", description: "Gâteau au chocolat", customerName: "Awa Diop", customerEmail: "", customerPhone: "", callbackUrl: "" };
      const cases: [Record<string, string>, Record<string, string>, string, string][] = [
        [{ amount: "cinq mille" }, {}, "amount", "rules.not_a_number"],
        [{ amount: "5 000,5" }, {}, "amount", "rules.decimals"],
        [{ amount: "0" }, {}, "amount", "codes.40010"],
        [{}, { currency: "ZZZ" }, "currency", "codes.40015"],
        [{ description: "" }, {}, "description", "rules.required"],
        [{ customerEmail: "awa@" }, {}, "customerEmail", "rules.email"],
        [{ customerPhone: "07 00" }, {}, "customerPhone", "codes.40014"],
        [{ callbackUrl: "http://example.com/hooks" }, {}, "callbackUrl", "codes.40021"],
        [{}, { expiresIn: "1" }, "expiresIn", "codes.40023"],
      ];
      for (const [fields, selects, field, key] of cases) {
        // A fresh page for each case: a tampered list keeps its value after an error, as it should.
        await page.reload();
        await submit(page, form, { ...base, ...fields }, selects, { field, key }, locale);
      }
      // Typed as a shopkeeper types it: "5 000" with a no-break space makes the link.
      await page.reload();
      await form.locator('[name="amount"]').fill("5\u202f000");
      await form.locator('[name="description"]').fill("Gâteau au chocolat");
      await form.locator('button[type="submit"]').click();
      await expect(page).toHaveURL(/\/test\/dashboard\/links\/LINK_TEST_[0-9A-Z]{26}\?created=1$/, { timeout: 15_000 });
      await expect(page.locator("main")).toContainText(locale === "fr" ? /5\s000\sF\sCFA/ : "5,000 F CFA");
      await expectForPeople(page, locale);
    });

    test(`the payout form: every error beside its field, the fee before sending, in ${locale}`, async ({ page }) => {
      test.setTimeout(180_000);
      await signInAsMember(page, { locale });
      await page.goto("/test/dashboard/balance");
      const form = page.getByRole("region", { name: message(locale, "dashboard.balance.withdraw") }).locator("form");
      const base = { amount: "1 000", beneficiaryPhone: "07 00 00 05 55", beneficiaryName: "Awa Diop" };
      const ci = { currency: "XOF", gatewayName: "MTN_MOMO_CI", country: "CI" };
      // The fee and what arrives, before submitting (MTN MoMo Côte d'Ivoire: 1 %).
      await form.locator('[name="amount"]').fill("5 000");
      await form.locator('[name="gatewayName"]').selectOption("MTN_MOMO_CI");
      await form.locator('[name="country"]').selectOption("CI");
      await form.locator('[name="currency"]').selectOption("XOF");
      const preview = form.getByTestId("payout-preview");
      const money = (amount: string) => (locale === "fr" ? amount.replace(",", "\u202f") : amount);
      await expect(preview).toContainText(message(locale, "labels.payout.fee", { fee: `${money("50")}\u00a0F\u00a0CFA` }));
      await expect(preview).toContainText(message(locale, "labels.payout.receives", { amount: `${money("5,000")}\u00a0F\u00a0CFA` }));
      await expect(preview).toContainText(message(locale, "labels.payout.debited", { total: `${money("5,050")}\u00a0F\u00a0CFA` }));
      await expect(form.locator('[name="gatewayName"] option[value="MTN_MOMO_CI"]')).toHaveText(message(locale, "labels.gateway.MTN_MOMO_CI"));

      const cases: [Record<string, string>, Record<string, string>, string, string][] = [
        // Too much: refused with the most that can be withdrawn (issue 35), not the API's bare 40013.
        [{ amount: "9 000 000 000" }, ci, "amount", "dashboard.balance.overMax"],
        [{ amount: "1 000,5" }, ci, "amount", "rules.decimals"],
        [{ amount: "" }, ci, "amount", "rules.required"],
        [{ beneficiaryPhone: "07 00" }, ci, "beneficiaryPhone", "codes.40014"],
        [{}, { ...ci, gatewayName: "NOPE_CI" }, "gatewayName", "codes.40012"],
        [{}, { ...ci, country: "SN" }, "country", "codes.40011"],
        [{}, { ...ci, currency: "XAF" }, "currency", "codes.40015"],
      ];
      for (const [fields, selects, field, key] of cases) await submit(page, form, { ...base, ...fields }, selects, { field, key }, locale);
    });

    test(`the settings form and a form about no field, in ${locale}`, async ({ page }) => {
      test.setTimeout(120_000);
      await signInAsMember(page, { locale });
      await page.goto("/test/dashboard/settings");
      const form = page.locator("main form").first();
      const name = await form.locator('[name="name"]').inputValue();
      await submit(page, form, { name: "", supportEmail: "awa@example.com" }, {}, { field: "name", key: "rules.required" }, locale);
      await submit(page, form, { name, supportEmail: "nope" }, {}, { field: "supportEmail", key: "rules.email" }, locale);
      await submit(page, form, { name, supportEmail: "", supportPhone: "07" }, {}, { field: "supportPhone", key: "codes.40014" }, locale);

      // A key of another merchant (or none): not found, said as the form's error.
      await page.goto("/test/dashboard/developers");
      // Revoking asks first: the confirming form carries the key's id.
      await page.getByRole("button", { name: message(locale, "dashboard.developers.revoke"), exact: true }).first().click();
      const confirm = message(locale, "firstSteps.revokeKeyConfirm");
      const revoke = page.locator("main form").filter({ has: page.locator('input[name="keyId"]') }).filter({ has: page.getByRole("button", { name: confirm }) }).first();
      await revoke.locator('input[name="keyId"]').evaluate((input) => ((input as HTMLInputElement).value = "key_of_someone_else"));
      await revoke.getByRole("button", { name: confirm }).click();
      await expect(revoke.getByRole("alert")).toHaveText(message(locale, "apiErrors.codes.40004"));
      await expectForPeople(page, locale);
    });
  });
}
