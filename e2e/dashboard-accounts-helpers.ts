import { expect, type Page } from "@playwright/test";

// A fresh merchant signed up through the real pages, its mails read on /dev/outbox (the e2e server
// has no SMTP server): a member of ANOTHER merchant than the E2E one, for the isolation specs.

export const SIGN_UP_PASSWORD = "e2e dashboard password";
export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@shop.example`;

export async function openMailLink(page: Page, to: string, subject: string | RegExp) {
  await expect(async () => {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(to)}`);
    await expect(page.getByRole("heading", { name: subject }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole("article").filter({ has: page.getByRole("heading", { name: subject }) }).first().getByRole("link", { name: "Open the link" }).click();
}

/** Signs up a new merchant and verifies its e-mail (which signs in): the page is on its dashboard as owner. */
export async function signUpVerifiedOwner(page: Page, businessName: string): Promise<string> {
  const email = uniqueEmail("other-owner");
  await page.goto("/dashboard/sign-up");
  await page.getByLabel("Your name").fill("Kofi Mensah");
  await page.getByLabel("Business name").fill(businessName);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(SIGN_UP_PASSWORD);
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await openMailLink(page, email, "Confirm your e-mail address");
  await expect(page.getByRole("banner").getByText(businessName, { exact: true })).toBeVisible({ timeout: 15_000 });
  return email;
}
