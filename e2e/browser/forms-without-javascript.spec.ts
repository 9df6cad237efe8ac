import { expect, test } from "@playwright/test";
import { memberLogin, message, signIn, uniqueEmail } from "../dashboard-helpers";

// A shopkeeper on a slow phone taps a dashboard button before the page's JavaScript has run: the
// form posts natively to its server action, as it does with JavaScript off. Under the
// Referrer-Policy no-referrer we once sent, Chromium posted those forms with `Origin: null` and
// Next refused the action with a bare 500 (CI's journey met it once, on the team page). Here every
// form is sent with JavaScript off, so none of them can be saved by a hydrated page.
test.use({ locale: "en-GB", javaScriptEnabled: false });

test("with JavaScript off: sign in, make a link, invite a member", async ({ page }) => {
  const owner = memberLogin("owner");
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard(\?|$)/);

  await page.goto("/test/dashboard/links/new");
  const description = `No-script cake ${Date.now()}`;
  await page.getByLabel(message("en", "dashboard.newLink.amount")).fill("5000");
  await page.getByLabel(message("en", "dashboard.newLink.description")).fill(description);
  await page.getByRole("button", { name: message("en", "dashboard.newLink.submit") }).click();
  await expect(page).toHaveURL(/\/test\/dashboard\/links\/LINK_TEST_[0-9A-Z]{26}\?created=1$/);
  await expect(page.getByText(description).first()).toBeVisible();

  await page.goto("/test/dashboard/settings/team");
  const email = uniqueEmail("no-script-invite");
  const invite = page.getByRole("region", { name: message("en", "dashboard.team.invite") });
  await invite.getByLabel(message("en", "dashboard.team.email")).fill(email);
  await invite.getByLabel(message("en", "dashboard.team.role")).selectOption("viewer");
  await invite.getByRole("button", { name: message("en", "dashboard.team.send") }).click();
  await expect(page.getByText("Internal Server Error")).toHaveCount(0);
  await page.goto("/test/dashboard/settings/team");
  await expect(page.getByTestId("team-invitations").getByText(email, { exact: true })).toBeVisible();
});
