import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { openMailLink, SIGN_UP_PASSWORD, signUpVerifiedOwner, uniqueEmail } from "../dashboard-helpers";

// Each test signs up and verifies two or three accounts through their mails: past 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

// Coming back to a sandbox page after sign-in, a signed-in person with no merchant (an invitee who
// never accepted), and the header's account switcher, in a real browser. Desktop and 360 px.
test.use({ locale: "en-GB" });

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** better-auth refuses a cookie-carrying POST without the site's Origin, as a browser's fetch sends it. */
async function invite(owner: Page, email: string, role: string) {
  const res = await owner.request.post("/api/auth/organization/invite-member", {
    data: { email, role },
    headers: { origin: new URL(owner.url()).origin, "accept-language": "en-GB" },
  });
  expect(res.status()).toBe(200);
}

async function newPage(browser: Browser) {
  const context = await browser.newContext({ locale: "en-GB" });
  return { context, page: await context.newPage() };
}

async function signIn(page: Page, email: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(SIGN_UP_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("a signed-out visit to a sandbox page comes back to it after sign-in", async ({ page }) => {
  const email = await signUpVerifiedOwner(page, "Sandbox Return Shop");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/dashboard\/sign-in/);

  await page.goto("/test/dashboard/links?status=pending");
  await expect(page).toHaveURL(/\/dashboard\/sign-in\?next=%2Ftest%2Fdashboard%2Flinks%3Fstatus%3Dpending$/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/test\/dashboard\/links\?status=pending$/);
  await expect(page.getByText(/^Test mode: you are looking at sandbox data/)).toBeVisible();

  // The open-redirect guard still holds: another site in ?next= lands on the dashboard's home
  // (in test mode: this merchant's live payments are not activated).
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.goto("/dashboard/sign-in?next=%2F%2Fevil.example%2Ftest%2Fdashboard");
  await signIn(page, email);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/test\/dashboard$/);
});

test("an invitee who never accepted lands on their invitations, declines one, accepts another, or opens a business", async ({ page, browser }) => {
  await signUpVerifiedOwner(page, "Declined Shop");
  const inviteeEmail = uniqueEmail("undecided");
  await invite(page, inviteeEmail, "viewer");
  const other = await newPage(browser);
  await signUpVerifiedOwner(other.page, "Accepted Shop");
  await invite(other.page, inviteeEmail, "developer");

  // The invitee signs up from the sign-up page (not from the mail's link) and never opens the invitation.
  const invitee = await newPage(browser);
  const p = invitee.page;
  await p.goto("/dashboard/sign-up");
  await p.getByLabel("Your name").fill("Ama Owusu");
  await expect(p.getByLabel("Business name")).toBeVisible();
  await p.getByLabel("Business name").fill("Ignored because invited");
  await p.getByLabel("E-mail").fill(inviteeEmail);
  await p.getByLabel("Password").fill(SIGN_UP_PASSWORD);
  await p.getByRole("button", { name: "Create my account" }).click();
  await openMailLink(p, inviteeEmail, "Confirm your e-mail address");

  await expect(p).toHaveURL(/\/dashboard\/start$/);
  await expect(p.getByRole("heading", { name: "Welcome" })).toBeVisible();
  await expect(p.getByText(/invites you to join Declined Shop as viewer/)).toBeVisible();
  await expect(p.getByText(/invites you to join Accepted Shop as developer/)).toBeVisible();
  await expectNoAxeViolations(p);

  // Signing in again does not leave them on the sign-in page either.
  await p.goto("/dashboard/sign-in");
  await expect(p).toHaveURL(/\/dashboard\/start$/);
  await p.goto("/test/dashboard/links");
  await expect(p).toHaveURL(/\/dashboard\/start$/);

  await p.getByRole("button", { name: "Decline the invitation to Declined Shop" }).click();
  await expect(p.getByRole("status")).toHaveText("Invitation declined.");
  await expect(p.getByText(/Declined Shop/)).toHaveCount(0);
  await p.getByRole("button", { name: "Join Accepted Shop" }).click();
  await expect(p).toHaveURL(/\/dashboard$/);
  await expect(p.getByRole("banner").getByText("Accepted Shop", { exact: true })).toBeVisible();
  await expect(p.getByRole("banner").getByText("Ama Owusu (developer)", { exact: true })).toBeVisible();
  await Promise.all([other.context.close(), invitee.context.close()]);
});

test("with every invitation declined, the person opens a business of their own", async ({ page, browser }) => {
  await signUpVerifiedOwner(page, "Only Inviter");
  const email = uniqueEmail("own-business");
  await invite(page, email, "viewer");
  const { context, page: p } = await newPage(browser);
  await p.goto("/dashboard/sign-up");
  await p.getByLabel("Your name").fill("Kwame Asante");
  await p.getByLabel("Business name").fill("Unused");
  await p.getByLabel("E-mail").fill(email);
  await p.getByLabel("Password").fill(SIGN_UP_PASSWORD);
  await p.getByRole("button", { name: "Create my account" }).click();
  await openMailLink(p, email, "Confirm your e-mail address");
  await expect(p).toHaveURL(/\/dashboard\/start$/);
  await p.getByRole("button", { name: "Decline the invitation to Only Inviter" }).click();
  // A server action and the page again: on PGlite under the suite's load, more than the default 5 s once.
  await expect(p.getByText("You have no pending invitation.", { exact: false })).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(p);
  await p.getByLabel("Business name").fill("Kwame Crafts");
  await p.getByRole("button", { name: "Open my business" }).click();
  await expect(p).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await expect(p.getByRole("banner").getByText("Kwame Crafts", { exact: true })).toBeVisible();
  await expect(p.getByRole("banner").getByText("Kwame Asante (owner)", { exact: true })).toBeVisible();
  await context.close();
});

test("a member of two merchants switches from the header, keeping environment and section, and sees only that merchant's links", async ({ page, browser }) => {
  const email = await signUpVerifiedOwner(page, "Switch A");
  // A link of merchant A, in the sandbox.
  await page.goto("/test/dashboard/links/new");
  await page.getByLabel("Amount").fill("5000");
  await page.getByLabel("Currency").selectOption("XOF");
  await page.getByLabel("What is it for?").fill("Only in Switch A");
  await page.getByRole("button", { name: "Create the link" }).click();
  await expect(page).toHaveURL(/\/test\/dashboard\/links\/LINK_TEST_[0-9A-Z]{26}\?created=1$/, { timeout: 15_000 });

  // No switcher with a single merchant.
  await expect(page.getByLabel("Business shown")).toHaveCount(0);

  const other = await newPage(browser);
  await signUpVerifiedOwner(other.page, "Switch B");
  await invite(other.page, email, "viewer");
  await openMailLink(page, email, /invites you to Switch B/);
  await page.getByRole("button", { name: "Join Switch B" }).click();
  await expect(page.getByRole("banner").locator("strong")).toHaveText("Switch B");

  await page.goto("/test/dashboard/links");
  const switcher = page.getByLabel("Business shown");
  await expect(switcher.locator("option")).toHaveText(["Switch A", "Switch B"]);
  await expect(page.getByText("Only in Switch A")).toHaveCount(0);
  await expectNoAxeViolations(page);

  await switcher.selectOption({ label: "Switch A" });
  await page.getByRole("button", { name: "Switch", exact: true }).click();
  await expect(page).toHaveURL(/\/test\/dashboard\/links$/);
  await expect(page.getByRole("banner").locator("strong")).toHaveText("Switch A");
  await expect(page.getByText("Only in Switch A")).toBeVisible();

  // From a detail page of A, back to B: the list of the same section, in the same environment.
  await page.getByRole("link", { name: /LINK_TEST_/ }).first().click();
  await expect(page).toHaveURL(/\/test\/dashboard\/links\/LINK_TEST_/);
  await page.getByLabel("Business shown").selectOption({ label: "Switch B" });
  await page.getByRole("button", { name: "Switch", exact: true }).click();
  await expect(page).toHaveURL(/\/test\/dashboard\/links$/);
  await expect(page.getByRole("banner").locator("strong")).toHaveText("Switch B");
  await expect(page.getByText("Only in Switch A")).toHaveCount(0);
  await other.context.close();
});
