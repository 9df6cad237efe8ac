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

test("the home page leads a merchant to sign up or sign in, in the browser's language", async ({ browser }) => {
  for (const [locale, signUp, signIn, title] of [
    ["fr-FR", "Créer un compte", "Se connecter au tableau de bord", "Créez votre compte marchand"],
    ["en-US", "Create an account", "Sign in to the dashboard", "Create your merchant account"],
  ] as const) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("link", { name: signIn })).toHaveAttribute("href", "/dashboard/sign-in");
    await page.getByRole("link", { name: signUp }).click();
    await expect(page).toHaveURL(/\/dashboard\/sign-up$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await context.close();
  }
});
