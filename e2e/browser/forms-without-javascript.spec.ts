import { expect, test } from "@playwright/test";
import { memberLogin, message, signIn, uniqueEmail } from "../dashboard-helpers";
import { auth, e2eMerchant } from "../helpers";

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

// Issue 35: a withdrawal asks before money leaves, says the most that can be withdrawn and fills
// it in, and offers a way to see its status change: all of it as plain forms and links.
test("with JavaScript off: a withdrawal is reviewed, then confirmed; the most is offered", async ({ page }) => {
  const merchant = e2eMerchant();
  const deposit = await page.request.post("/test/api/v4/classic/deposit/initiate", {
    headers: auth(merchant.sandboxKey),
    data: { amount: 5000, currency: "XOF", customerPhone: "+2250700000444", country: "CI", gatewayName: "MTN_MOMO_CI" },
  });
  expect(deposit.status()).toBe(200);
  const reference = (await deposit.json()).reference;
  await expect.poll(async () => (await (await page.request.get(`/test/api/v4/deposits/${reference}`, { headers: auth(merchant.sandboxKey) })).json()).status, { timeout: 20_000 }).toBe("completed");

  const owner = memberLogin("owner");
  await signIn(page, owner.email, owner.password);
  await page.goto("/test/dashboard/balance?gatewayName=MTN_MOMO_CI&currency=XOF&country=CI");
  const form = page.getByTestId("withdraw-form");
  const most = form.getByTestId("payout-max");
  await expect(most).toContainText(message("en", "dashboard.balance.max").split("{gateway}")[0]);
  await most.getByRole("link", { name: message("en", "dashboard.balance.fillMax") }).click();
  const amount = form.getByLabel(message("en", "dashboard.balance.amount"));
  await expect(amount).toHaveValue(/^\d+$/);
  expect(Number(await amount.inputValue())).toBeGreaterThan(0);

  // Reviewing writes nothing: the question, with the fields kept for the confirmation. (A small
  // amount: other specs move this merchant's balance meanwhile.)
  await amount.fill("150");
  await form.getByLabel(message("en", "dashboard.balance.beneficiaryPhone")).fill("07 00 00 05 55");
  await form.getByRole("button", { name: message("en", "dashboard.balance.review") }).click();
  await expect(page.getByTestId("withdraw-question")).toContainText("+225 07 00 00 05 55");
  // Change the amount (a post without JavaScript), review again, then confirm.
  await page.getByRole("button", { name: message("en", "dashboard.balance.change") }).click();
  await page.getByTestId("withdraw-form").getByLabel(message("en", "dashboard.balance.amount")).fill("100");
  await page.getByTestId("withdraw-form").getByRole("button", { name: message("en", "dashboard.balance.review") }).click();
  await expect(page.getByTestId("withdraw-question")).toContainText("100");
  await page.getByRole("button", { name: message("en", "dashboard.balance.confirm") }).click();
  await expect(page.getByText("Internal Server Error")).toHaveCount(0);
  const [said] = message("en", "dashboard.balance.requested").split("{reference}");
  await expect(page.getByTestId("withdraw-form").getByRole("status")).toContainText(said);
  // While it is pending, a link reloads the page to see it change.
  const withdrawal = /TRF_TEST_\w+/.exec((await page.getByTestId("withdraw-form").getByRole("status").textContent())!)![0];
  const row = page.getByRole("table", { name: message("en", "dashboard.balance.withdrawals") }).getByRole("row").filter({ hasText: withdrawal });
  await expect(row).toContainText(message("en", "dashboard.payoutStatus.pending"));
  await expect(page.getByTestId("refresh-while-pending").getByRole("link", { name: message("en", "dashboard.balance.refresh") })).toBeVisible();
});
