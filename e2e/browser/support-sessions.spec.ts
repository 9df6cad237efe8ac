import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { generate } from "otplib";
import { expectNoAxeViolations } from "../dashboard-helpers";

// One person, one account: members of the E2E merchant who also work in support (staff:create gave
// the role to their accounts, e2e/serve.ts). The support view and the dashboard hold separate
// sessions in one browser, and /admin asks for the second factor the dashboard turned on.
// (Named support*.spec.ts: desktop only, like the rest of the support view, so the accounts are
// used by one project at a time.)

type Account = { email: string; password: string };
const accounts = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "..", ".state", "member-staff.json"), "utf8")) as Record<"sessions" | "totp", Account>;

test.use({ locale: "en-GB" });

async function dashboardSignIn(page: Page, who: Account) {
  await page.goto("/dashboard/sign-in");
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function adminPassword(page: Page, who: Account) {
  await page.goto("/admin/login");
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The console's sign-out button works once the page is hydrated: click until it has taken effect. */
async function adminSignOut(page: Page) {
  await expect(async () => {
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
}

const overview = (page: Page) => page.getByRole("heading", { name: "Overview" });
const dashboardBanner = (page: Page) => page.getByRole("banner").getByText("E2E Shop", { exact: true });

test("signing out of /admin leaves the dashboard signed in, and the reverse", async ({ page }) => {
  test.slow(); // two sign-ins to each view
  const who = accounts.sessions;
  await dashboardSignIn(page, who);
  await expect(dashboardBanner(page)).toBeVisible({ timeout: 15_000 });
  await adminPassword(page, who);
  await expect(overview(page)).toBeVisible();
  // Two cookies (with __Secure- in front under production settings), the support view's only sent to /admin.
  const cookies = (await page.context().cookies()).map((c) => `${c.name.replace(/^__Secure-/, "")} ${c.path}`);
  expect(cookies).toEqual(expect.arrayContaining(["better-auth.session_token /", "pcs-support.session_token /admin"]));

  await adminSignOut(page);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto("/dashboard");
  await expect(dashboardBanner(page)).toBeVisible();

  await adminPassword(page, who);
  await expect(overview(page)).toBeVisible();
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/dashboard\/sign-in/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\/sign-in/);
  await page.goto("/admin");
  await expect(overview(page)).toBeVisible();
});

test("a staff member with two-factor sign-in gives a code at /admin, or a backup code, in English or French", async ({ page }) => {
  test.slow(); // turns two-factor on, then three sign-ins
  const who = accounts.totp;
  // Turned on from the dashboard's security page, as a member does.
  await dashboardSignIn(page, who);
  await expect(dashboardBanner(page)).toBeVisible({ timeout: 15_000 });
  await page.goto("/dashboard/settings/security");
  await page.getByLabel("Your password, to confirm").fill(who.password);
  await page.getByRole("button", { name: "Turn on" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  const backupCodes = await page.locator(".auth-codes li").allTextContents();
  expect(backupCodes.length).toBeGreaterThan(1);
  await page.getByLabel("6-digit code").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Two-factor authentication is on." })).toBeVisible();

  // The password alone opens nothing: the code step asks for the app's code.
  await adminPassword(page, who);
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await adminPassword(page, who);
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
  await page.getByLabel("Code").fill((await generate({ secret })) === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.locator(".support-error")).toHaveText("This code is not valid. Check your app's current code, or use an unused backup code.");
  await expectNoAxeViolations(page);
  await page.getByLabel("Code").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(overview(page)).toBeVisible();
  await adminSignOut(page);

  // In French, with a backup code.
  await adminPassword(page, who);
  await page.getByRole("button", { name: "Français" }).click();
  await expect(page.getByRole("heading", { name: "Connexion en deux étapes" })).toBeVisible();
  await page.getByLabel("Code").fill("nope-nope");
  await page.getByRole("button", { name: "Vérifier" }).click();
  await expect(page.locator(".support-error")).toHaveText("Ce code n'est pas valide. Vérifiez le code actuel de votre application, ou utilisez un code de secours inutilisé.");
  await page.getByLabel("Code").fill(backupCodes[0]);
  await page.getByRole("button", { name: "Vérifier" }).click();
  await expect(page.getByRole("heading", { name: "Vue d'ensemble" })).toBeVisible();
});
