import { expect, test, type Page } from "@playwright/test";
import { auth, e2eMerchant, e2eStaff } from "../helpers";

// Support view polish (desktop only: the mobile project skips support.spec.ts, support-sessions and support-staff).
const merchant = e2eMerchant();
const staff = e2eStaff();
test.use({ locale: "en-GB" });

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto("/admin/login");
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("the sign-in page draws the language switch as a link, not as the primary button", async ({ page }, testInfo) => {
  await page.goto("/admin/login");
  const submit = page.getByRole("button", { name: "Sign in" });
  const language = page.getByRole("button", { name: "Français" });
  await expect(language).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("support-login.png"), fullPage: true });
  const look = (locator: typeof submit) =>
    locator.evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, decoration: style.textDecorationLine, width: el.getBoundingClientRect().width };
    });
  const [primary, link] = [await look(submit), await look(language)];
  expect(link.background).toBe("rgba(0, 0, 0, 0)");
  expect(link.decoration).toBe("underline");
  expect(primary.background).not.toBe("rgba(0, 0, 0, 0)");
  expect(link.width).toBeLessThan(primary.width / 2);
});

test("an exact reference in the search opens that payment's page", async ({ page, request }) => {
  const link = await (
    await request.post("/test/api/v4/payments/link", {
      headers: auth(merchant.sandboxKey),
      data: { amount: 5000, currency: "XOF", description: "Exact reference" },
    })
  ).json();
  await signIn(page, staff.support);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  // Pasted in lower case, with spaces around it, as support often gets it.
  await page.getByRole("searchbox").fill(`  ${link.reference.toLowerCase()} `);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/payments/${link.reference}$`));
  await expect(page.getByRole("heading", { name: link.reference })).toBeVisible();
  // Anything else still lists what it finds.
  await page.goto(`/admin/search?q=${encodeURIComponent("Exact")}`);
  await expect(page).toHaveURL(/\/admin\/search/);
});

test("a one-time password must be replaced before anything else", async ({ page }) => {
  test.skip(!staff.oneTime?.password, "e2e/serve.ts made no one-time account");
  await signIn(page, staff.oneTime);
  await expect(page).toHaveURL(/\/admin\/password$/);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  // The console is out of reach until then.
  await page.goto("/admin/links");
  await expect(page).toHaveURL(/\/admin\/password$/);
  expect((await page.request.get("/admin/api/links")).status()).toBe(403);

  const next = "a passphrase of my own";
  await page.getByLabel("One-time (current) password").fill(staff.oneTime.password);
  await page.getByLabel("New password", { exact: true }).fill(next);
  await page.getByLabel("New password again").fill(`${next}!`);
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.locator(".support-error")).toHaveText("The two new passwords differ.");

  await page.getByLabel("One-time (current) password").fill(staff.oneTime.password);
  await page.getByLabel("New password", { exact: true }).fill(next);
  await page.getByLabel("New password again").fill(next);
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  expect((await page.request.get("/admin/api/links")).status()).toBe(200);
});

test("a staff sign-in opens nothing of the merchant dashboard, and signing out ends it", async ({ page }) => {
  await signIn(page, staff.admin);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  // The support view's session is not the dashboard's, and the staff user is no merchant's member
  // anyway: the dashboard asks to sign in.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\/sign-in/);
  expect((await page.request.get("/admin/api/session")).status()).toBe(200);
  expect((await page.request.delete("/admin/api/session")).status()).toBe(204);
  expect((await page.request.get("/admin/api/session")).status()).toBe(401);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
});
