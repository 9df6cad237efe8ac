import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { generate } from "otplib";

// Dashboard accounts in a real browser: the mails are read on /dev/outbox (the e2e server has no
// SMTP server), as a developer on the quick start would. Runs on desktop and at 360 px.
test.use({ locale: "en-GB" });

const PASSWORD = "e2e dashboard password";
const unique = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@shop.example`;

async function openMailLink(page: Page, to: string, subject: string | RegExp) {
  await expect(async () => {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(to)}`);
    await expect(page.getByRole("heading", { name: subject }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole("article").filter({ has: page.getByRole("heading", { name: subject }) }).first().getByRole("link", { name: "Open the link" }).click();
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

async function signUp(page: Page, email: string, businessName: string) {
  await page.goto("/dashboard/sign-up");
  await page.getByLabel("Your name").fill("Awa Diop");
  await page.getByLabel("Business name").fill(businessName);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
}

async function signIn(page: Page, email: string) {
  await page.goto("/dashboard/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("a signed-out visit to the dashboard is sent to sign-in", async ({ page }) => {
  await page.goto("/dashboard/settings/security");
  await expect(page).toHaveURL(/\/dashboard\/sign-in\?next=%2Fdashboard%2Fsettings%2Fsecurity$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("sign up, verify through the outbox, land on the dashboard as owner", async ({ page }) => {
  const email = unique("owner");
  await page.goto("/dashboard/sign-up");
  await expectNoAxeViolations(page);
  await signUp(page, email, "Boutique Awa");
  await expect(page.getByText(`We sent a confirmation link to ${email}`)).toBeVisible();

  // Not verified yet: sign-in is refused and points to the inbox.
  await signIn(page, email);
  await expect(page.getByText("Confirm your e-mail address first")).toBeVisible();

  await openMailLink(page, email, "Confirm your e-mail address");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("banner").getByText("Boutique Awa", { exact: true })).toBeVisible();
  await expect(page.getByRole("banner").getByText("Awa Diop (owner)", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/dashboard\/sign-in/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\/sign-in/);
});

test("invite a viewer, who signs up from the mail, accepts and is a viewer of the inviter's merchant", async ({ page, browser }) => {
  const ownerEmail = unique("inviter");
  await signUp(page, ownerEmail, "Team Shop");
  await openMailLink(page, ownerEmail, "Confirm your e-mail address");
  await expect(page).toHaveURL(/\/dashboard$/);
  // The team page is the dashboard branch's; the invitation goes through better-auth's endpoint.
  const viewerEmail = unique("viewer");
  // better-auth refuses a cookie-carrying POST without the site's Origin, as a browser's fetch sends it.
  const invited = await page.request.post("/api/auth/organization/invite-member", {
    data: { email: viewerEmail, role: "viewer" },
    headers: { origin: new URL(page.url()).origin, "accept-language": "en-GB" },
  });
  expect(invited.status()).toBe(200);

  const context = await browser.newContext({ locale: "en-GB" });
  const viewer = await context.newPage();
  await openMailLink(viewer, viewerEmail, /invites you to Team Shop/);
  await expect(viewer.getByText(`invites ${viewerEmail} to join Team Shop as viewer`)).toBeVisible();
  await expectNoAxeViolations(viewer);
  await viewer.getByRole("link", { name: `Create an account for ${viewerEmail}` }).click();
  await expect(viewer.getByLabel("Business name")).toHaveCount(0);
  await expect(viewer.getByLabel("E-mail")).toHaveValue(viewerEmail);
  await viewer.getByLabel("Your name").fill("Moussa Ba");
  await viewer.getByLabel("Password").fill(PASSWORD);
  await viewer.getByRole("button", { name: "Create my account" }).click();
  await openMailLink(viewer, viewerEmail, "Confirm your e-mail address");
  await expect(viewer).toHaveURL(/\/dashboard\/accept-invitation\//);
  await viewer.getByRole("button", { name: "Join Team Shop" }).click();
  await expect(viewer).toHaveURL(/\/dashboard$/);
  await expect(viewer.getByRole("banner").getByText("Team Shop", { exact: true })).toBeVisible();
  await expect(viewer.getByRole("banner").getByText("Moussa Ba (viewer)", { exact: true })).toBeVisible();

  // Signing in again later lands on the same merchant, as viewer.
  await viewer.getByRole("button", { name: "Sign out" }).click();
  await signIn(viewer, viewerEmail);
  await expect(viewer).toHaveURL(/\/dashboard$/);
  await expect(viewer.getByRole("banner").getByText("Team Shop", { exact: true })).toBeVisible();
  await expect(viewer.getByRole("banner").getByText("Moussa Ba (viewer)", { exact: true })).toBeVisible();
  await context.close();
});

test("reset a forgotten password through the mailed link", async ({ page }) => {
  const email = unique("forgetful");
  await signUp(page, email, "Forgetful Shop");
  await openMailLink(page, email, "Confirm your e-mail address");
  await page.getByRole("button", { name: "Sign out" }).click();

  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toContainText("a link is on its way", { timeout: 15_000 });
  await openMailLink(page, email, "Reset your password");
  await expect(page).toHaveURL(/\/dashboard\/reset-password\?token=/);
  await page.getByLabel("New password").fill("a new e2e password");
  await page.getByRole("button", { name: "Save the password" }).click();
  await expect(page.getByText("Your password was changed")).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("a new e2e password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("turn on TOTP with the QR code's key, then sign in with a code", async ({ page }) => {
  const email = unique("careful");
  await signUp(page, email, "Careful Shop");
  await openMailLink(page, email, "Confirm your e-mail address");
  // The security page is linked from the dashboard's settings.
  await page.goto("/dashboard/settings");
  await page.getByRole("link", { name: /^Security/ }).click();
  await expect(page.getByRole("heading", { name: "Security" })).toBeVisible();
  await expect(page.getByText("Two-factor authentication is off.")).toBeVisible();
  await page.getByLabel("Your password, to confirm").fill(PASSWORD);
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("img", { name: "QR code" })).toBeVisible();
  await expectNoAxeViolations(page);
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("6-digit code").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status")).toHaveText("Two-factor authentication is on.");

  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Sign out" }).click();
  await signIn(page, email);
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await page.getByLabel("6-digit code").fill("000000" === (await generate({ secret })) ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("This code is not valid")).toBeVisible();
  await page.getByLabel("6-digit code").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("banner").getByText("Careful Shop", { exact: true })).toBeVisible();
  await expect(page.getByRole("banner").getByText("Awa Diop (owner)", { exact: true })).toBeVisible();
});
