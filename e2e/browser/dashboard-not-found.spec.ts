import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, message, signInAsMember, type Locale } from "../dashboard-helpers";

// Issue 35: an unknown dashboard address showed Next's English 404 without navigation, and tabs
// were titled in English on French pages. The dashboard's own not-found page answers 404 inside
// its frame, in the member's language, its tab titled in that language too (messages: titles;
// every page's title: tests/dashboard/page-titles.integration.test.ts).

const catalog = (locale: Locale) => JSON.parse(fs.readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) as { titles: Record<string, string> };

for (const [locale, browserLocale] of [["fr", "fr-FR"], ["en", "en-GB"]] as const) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale: browserLocale });

    test("an unknown dashboard address answers the dashboard's not-found page, with its navigation and the way back", async ({ page }) => {
      test.slow(); // a sign-in and four pages on a busy machine
      await signInAsMember(page, { locale });
      for (const [address, home] of [["/dashboard/nope", "/dashboard"], ["/test/dashboard/nope/deeper", "/test/dashboard"]] as const) {
        const response = await page.goto(address);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole("heading", { level: 1, name: message(locale, "dashboard.missingPage.title") })).toBeVisible();
        await expect(page.getByRole("navigation", { name: message(locale, "dashboard.nav.label") })).toBeVisible();
        expect(await page.locator("body").innerText()).not.toContain("could not be found");
        await expect(page).toHaveTitle(new RegExp(catalog(locale).titles.dashboard));
        await expectNoAxeViolations(page);
        await page.getByRole("link", { name: message(locale, "dashboard.missingPage.home") }).click();
        await expect(page).toHaveURL(new RegExp(`${home}$`));
      }
    });
  });
}
