import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { sunkMails } from "../mail-sink";
import { expectNoAxeViolations, memberLogin, message, signInAsMember } from "../dashboard-helpers";
import { auth, e2eMerchant } from "../helpers";

// Sending a payment link from its dashboard page (issue 28), in a real Chromium against the
// production build: by SMS through the Africa's Talking fake e2e/serve.ts points the app at (its
// messages in .state/sms.jsonl, its delivery report posted back to our callback), and by e-mail to
// the mail sink. The page then shows each send's delivery state.
test.use({ locale: "en-GB" });

const state = path.join(import.meta.dirname, "..", ".state");
const smsTo = (to: string) =>
  fs.existsSync(path.join(state, "sms.jsonl"))
    ? fs.readFileSync(path.join(state, "sms.jsonl"), "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line) as { to: string; message: string }).filter((m) => m.to === to)
    : [];

async function newLink(page: Page, description: string) {
  await page.goto("/test/dashboard/links/new");
  await page.getByLabel("Amount").fill("5000");
  await page.getByLabel("What is it for?").fill(description);
  await page.getByRole("button", { name: "Create the link" }).click();
  await expect(page).toHaveURL(/\/test\/dashboard\/links\/LINK_TEST_[0-9A-Z]{26}\?created=1$/, { timeout: 15_000 });
  return /LINK_TEST_[0-9A-Z]{26}/.exec(page.url())![0];
}

test("a new link sent by SMS to the fake and by e-mail to the mail sink, with each send's delivery state on the page", async ({ page }) => {
  await signInAsMember(page);
  const reference = await newLink(page, `Sent cake ${Date.now()}`);
  const sends = page.getByTestId("link-sends");
  await expect(page.getByRole("heading", { name: message("en", "linkSending.form.heading") })).toBeVisible();
  await expect(page.getByText(message("en", "linkSending.history.none"))).toBeVisible();

  // By SMS: an international number typed with spaces, stored and sent in international form.
  const digits = `07${String(Date.now()).slice(-8)}`;
  const phone = `+225${digits}`;
  await page.getByRole("radio", { name: "SMS" }).check();
  // As people write it, and as the sends' list shows it (lib/core/domain/phone-display.ts).
  const written = `+225 ${digits.replace(/(\d\d)(?=\d)/g, "$1 ")}`;
  await page.getByLabel(message("en", "linkSending.form.to")).fill(written);
  await page.getByRole("button", { name: message("en", "linkSending.form.submit") }).click();
  await expect(page.getByRole("status").filter({ hasText: message("en", "linkSending.form.sent", { to: phone }) })).toBeVisible();
  await expect.poll(() => smsTo(phone).length).toBe(1);
  expect(smsTo(phone)[0].message).toContain(`/test/pay/${reference}`);
  // The fake's delivery report reaches our callback: after a reload the send says Delivered.
  await expect
    .poll(async () => {
      await page.reload();
      return sends.getByRole("row").filter({ hasText: written }).textContent();
    }, { timeout: 15_000 })
    .toContain(message("en", "linkSending.status.delivered"));

  // By e-mail, to the production server's SMTP server (the mail sink): in test mode only to a
  // member of the team (the owner signed in here); a customer's address is refused with the reason.
  const email = memberLogin("owner").email;
  const mailsOfThisLink = () => sunkMails(path.join(state, "mails.jsonl")).filter((m) => m.to === email && m.text.includes(`/test/pay/${reference}`));
  await page.getByRole("radio", { name: message("en", "linkSending.form.email") }).check();
  await expect(page.getByText(message("en", "linkSending.form.hintEmailTest"))).toBeVisible();
  await page.getByLabel(message("en", "linkSending.form.to")).fill(email);
  await page.getByRole("button", { name: message("en", "linkSending.form.submit") }).click();
  await expect(page.getByRole("status").filter({ hasText: message("en", "linkSending.form.sent", { to: email }) })).toBeVisible();
  await expect.poll(() => mailsOfThisLink().length).toBe(1);
  expect(mailsOfThisLink()[0].subject).toMatch(/^\[TEST\] /);
  const customer = `customer-${Date.now()}@shop.example`;
  await page.getByLabel(message("en", "linkSending.form.to")).fill(customer);
  await page.getByRole("button", { name: message("en", "linkSending.form.submit") }).click();
  await expect(page.locator(".dash-error[role=alert]")).toContainText(message("en", "linkSending.failures.test_mode_recipient"));
  await page.reload();
  await expect(sends.getByRole("row").filter({ hasText: email })).toContainText(message("en", "linkSending.status.sent"));
  await expect(sends.getByRole("row").filter({ hasText: customer })).toContainText(message("en", "linkSending.status.failed"));
  expect(sunkMails(path.join(state, "mails.jsonl")).filter((m) => m.to === customer)).toEqual([]);

  // A number that is no phone number: refused beside the form, the typed text kept.
  await page.getByRole("radio", { name: "SMS" }).check();
  await page.getByLabel(message("en", "linkSending.form.to")).fill("call me");
  await page.getByRole("button", { name: message("en", "linkSending.form.submit") }).click();
  await expect(page.locator(".dash-error[role=alert]")).toHaveText(message("en", "linkSending.errors.phone"));
  await expect(page.getByLabel(message("en", "linkSending.form.to"))).toHaveValue("call me");
  await expectNoAxeViolations(page);
});

test("a viewer sees the sends but no Send form", async ({ page }) => {
  const created = await page.request.post("/test/api/v4/payments/link", { headers: auth(e2eMerchant().sandboxKey), data: { amount: 5000, currency: "XOF", description: "Viewer's look" } });
  const { reference } = (await created.json()) as { reference: string };
  await signInAsMember(page, { role: "viewer" });
  await page.goto(`/test/dashboard/links/${reference}`);
  await expect(page.getByRole("heading", { name: message("en", "linkSending.form.heading") })).toBeVisible();
  await expect(page.getByRole("button", { name: message("en", "linkSending.form.submit") })).toHaveCount(0);
});
