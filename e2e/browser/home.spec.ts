import { expect, test } from "@playwright/test";

test("the home page is localized from Accept-Language", async ({ browser }) => {
  const fr = await browser.newContext({ locale: "fr-FR" });
  const page = await fr.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Service d'encaissement");
  await fr.close();

  const en = await browser.newContext({ locale: "en-US" });
  const enPage = await en.newPage();
  await enPage.goto("/test");
  await expect(enPage.getByRole("heading", { level: 1 })).toHaveText("Payment collection service");
  await en.close();
});
