import { expect, test } from "@playwright/test";
import { generate } from "otplib";
import { expectNoAxeViolations, message, openMailLink, SIGN_UP_PASSWORD, signIn, signUp, uniqueEmail } from "../dashboard-helpers";

// Dashboard accounts in a real browser, at desktop size and at 360 px: what the first-day journey
// (dashboard-journey.spec.ts) does not walk through. Mails are read from the e2e server's mail server (e2e/mail-sink.ts).
test.use({ locale: "en-GB" });

const VERIFY = message("en", "auth.mail.verify.subject");
const awa = (email: string, businessName: string) => ({ email, name: "Awa Diop", businessName });

test("a signed-out visit to the dashboard is sent to sign-in", async ({ page }) => {
  await page.goto("/dashboard/settings/security");
  await expect(page).toHaveURL(/\/dashboard\/sign-in\?next=%2Fdashboard%2Fsettings%2Fsecurity$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("sign-in before the e-mail is verified is refused; signing out ends the session", async ({ page }) => {
  const email = uniqueEmail("owner");
  await signUp(page, awa(email, "Boutique Awa"));
  await signIn(page, email);
  await expect(page.getByText("Confirm your e-mail address first")).toBeVisible();

  await openMailLink(page, email, VERIFY);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/dashboard\/sign-in/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\/sign-in/);
});

test("reset a forgotten password through the mailed link", async ({ page }) => {
  const email = uniqueEmail("forgetful");
  await signUp(page, awa(email, "Forgetful Shop"));
  await openMailLink(page, email, VERIFY);
  await page.getByRole("button", { name: "Sign out" }).click();

  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toContainText("a link is on its way", { timeout: 15_000 });
  await openMailLink(page, email, "Reset your password");
  // The link's token is kept in a cookie of the page, never in its address (issue 34: lib/features/auth/reset-link.ts).
  await expect(page).toHaveURL(/\/dashboard\/reset-password$/);
  await page.getByLabel("New password").fill("a new e2e password");
  await page.getByRole("button", { name: "Save the password" }).click();
  await expect(page.getByText("Your password was changed")).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("a new e2e password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  // Its live payments are not activated yet: the dashboard opens in test mode.
  await expect(page).toHaveURL(/\/test\/dashboard$/);
});

test("turn on TOTP with the QR code's key, then sign in with a code", async ({ page }) => {
  test.slow(); // sign-up, verification, two-factor set-up, then two sign-ins: past 30 s on a busy machine
  const email = uniqueEmail("careful");
  await signUp(page, awa(email, "Careful Shop"));
  await openMailLink(page, email, VERIFY);
  // The security page is linked from the dashboard's settings.
  await page.goto("/dashboard/settings");
  await page.getByRole("link", { name: /^Security/ }).click();
  await expect(page.getByRole("heading", { name: "Security" })).toBeVisible();
  await expect(page.getByText("Two-factor authentication is off.")).toBeVisible();
  await page.getByLabel("Your password, to confirm").fill(SIGN_UP_PASSWORD);
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("img", { name: "QR code" })).toBeVisible();
  await expectNoAxeViolations(page);
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  const backupCode = (await page.locator(".auth-codes li").first().textContent())!.trim();
  await page.getByLabel("6-digit code").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Two-factor authentication is on." })).toBeVisible();

  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Sign out" }).click();
  await signIn(page, email);
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await page.getByLabel("6-digit code").fill("000000" === (await generate({ secret })) ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("This code is not valid")).toBeVisible();
  await page.getByLabel("6-digit code").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/test\/dashboard$/);
  await expect(page.getByRole("banner").getByText("Careful Shop", { exact: true })).toBeVisible();
  await expect(page.getByRole("banner").getByText("Awa Diop (owner)", { exact: true })).toBeVisible();

  // Without the phone: one of the backup codes shown at set-up signs in, once.
  const withBackupCode = async () => {
    await page.getByRole("button", { name: "Sign out" }).click();
    await signIn(page, email);
    await page.getByText("No phone? Use a backup code").click();
    await page.getByLabel(/^Backup code/).fill(backupCode);
    await page.getByRole("button", { name: "Verify" }).click();
  };
  await withBackupCode();
  await expect(page).toHaveURL(/\/test\/dashboard$/);
  await withBackupCode();
  await expect(page.getByText("This code is not valid")).toBeVisible();
});
