import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, message, signInAsMember, signUpVerifiedOwner, uniqueEmail } from "../dashboard-helpers";

// Each test signs up and verifies two or three accounts through their mails: past 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

// The team page in a real Chromium (desktop and 360 px): invite, see pending, revoke; a viewer sees
// no forms; another merchant's owner cannot revoke A's invitation through their own form.
test.use({ locale: "en-GB" });

test("an owner invites a member, sees the pending invitation and revokes it", async ({ page }) => {
  await signUpVerifiedOwner(page, "Team Page Shop");
  await page.goto("/dashboard/settings");
  await page.getByRole("link", { name: "Team members and invitations" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/team$/);
  await expect(page.getByRole("heading", { name: "Team", exact: true })).toBeVisible();
  await expect(page.getByTestId("team-members").locator("dd", { hasText: /^owner$/ })).toHaveCount(1);
  await expect(page.getByText("No pending invitations.")).toBeVisible();
  await expectNoAxeViolations(page);

  const email = uniqueEmail("invited");
  const invite = page.getByRole("region", { name: "Invite a member" });
  await invite.getByLabel("E-mail").fill(email);
  await invite.getByLabel("Role").selectOption("developer");
  await invite.getByRole("button", { name: "Send the invitation" }).click();
  await expect(invite.getByRole("status")).toHaveText(`Invitation sent to ${email}.`);
  const pending = page.getByTestId("team-invitations");
  await expect(pending.getByText(email, { exact: true })).toBeVisible();
  await expect(pending.getByText("developer")).toBeVisible();
  await expectNoAxeViolations(page);

  // Destructive: it asks first, then says it was done.
  await pending.getByRole("button", { name: `Revoke the invitation of ${email}` }).click();
  await pending.getByRole("button", { name: "Yes, revoke the invitation" }).click();
  await expect(pending.getByText(email, { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("dash-notice")).toContainText("revoked");
  await expect(page.getByText("No pending invitations.")).toBeVisible();
  // The last owner cannot be removed.
  await page.getByRole("button", { name: /^Remove / }).click();
  await page.getByRole("button", { name: "Yes, remove" }).click();
  await expect(page.getByTestId("team-members").getByRole("alert")).toHaveText(message("en", "apiErrors.hints.lastOwner"));
});

test("a viewer sees the team without any form; another merchant cannot revoke A's invitation", async ({ browser }) => {
  const viewer = await (await browser.newContext()).newPage();
  await signInAsMember(viewer, { role: "viewer" });
  await viewer.goto("/dashboard/settings/team");
  await expect(viewer.getByRole("heading", { name: "Members" })).toBeVisible();
  await expect(viewer.getByRole("button", { name: /Send the invitation|Change role|Remove|Revoke/ })).toHaveCount(0);
  await expectNoAxeViolations(viewer);

  const owner = await (await browser.newContext()).newPage();
  await signInAsMember(owner);
  await owner.goto("/dashboard/settings/team");
  const email = uniqueEmail("a-invite");
  await owner.getByRole("region", { name: "Invite a member" }).getByLabel("E-mail").fill(email);
  await owner.getByRole("button", { name: "Send the invitation" }).click();
  const revokeOfA = owner.getByTestId("team-invitations").locator("li").filter({ hasText: email });
  await expect(revokeOfA).toBeVisible();
  // The form (and its hidden id) is there once "Revoke" asks; "Cancel" leaves the invitation be.
  await revokeOfA.getByRole("button", { name: /^Revoke/ }).click();
  const invitationId = (await revokeOfA.locator('input[name="invitationId"]').getAttribute("value"))!;
  await revokeOfA.getByRole("button", { name: "Cancel" }).click();

  const other = await (await browser.newContext()).newPage();
  await signUpVerifiedOwner(other, "Nosy Shop");
  await other.goto("/dashboard/settings/team");
  await other.getByRole("region", { name: "Invite a member" }).getByLabel("E-mail").fill(uniqueEmail("own"));
  await other.getByRole("button", { name: "Send the invitation" }).click();
  await other.getByTestId("team-invitations").getByRole("button", { name: /^Revoke/ }).first().click();
  const form = other.getByTestId("team-invitations").locator("form").first();
  await form.locator('input[name="invitationId"]').evaluate((input, v) => ((input as HTMLInputElement).value = v), invitationId);
  await form.getByRole("button", { name: "Yes, revoke the invitation" }).click();
  await expect(form.getByRole("alert")).toHaveText(message("en", "apiErrors.codes.40004"));

  await owner.reload();
  await expect(owner.getByTestId("team-invitations").getByText(email, { exact: true })).toBeVisible();
});
