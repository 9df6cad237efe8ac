import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { choose, oneViewportPerLanguage, pattern, text, type Locale } from "../checkout-helpers";
import { expectNoAxeViolations, message, openMailLink, signUp, uniqueEmail } from "../dashboard-helpers";
import { auth, e2eStaff } from "../helpers";

// Issue 28's journey, as a shopkeeper lives it: in French on a 360 px phone, in English on a
// desktop. She signs up (and lands in test mode), makes a link with the amount typed the local way,
// sends it by SMS to a customer (the Africa's Talking fake of e2e/serve.ts), the customer's first
// try is declined on the phone and the second pays; she sees both attempts and the credit, asks for
// live payments, support approves (the support view, a desktop tool), and her live key then works.
// axe checks every page she visits.

const state = path.join(import.meta.dirname, "..", ".state");
const smsTo = (to: string): { to: string; message: string }[] =>
  fs.existsSync(path.join(state, "sms.jsonl"))
    ? fs.readFileSync(path.join(state, "sms.jsonl"), "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line)).filter((m: { to: string }) => m.to === to)
    : [];

for (const locale of ["fr", "en"] as Locale[]) {
  test.describe(`a shopkeeper's first day (${locale})`, () => {
    test.use({ locale: locale === "fr" ? "fr-FR" : "en-GB" });
    oneViewportPerLanguage(locale);
    const m = (key: string, values: Record<string, string | number> = {}) => message(locale, key, values);

    test("sign up in test mode, send a link by SMS, paid on the second try, activation approved, the live key works", async ({ page, browser }, testInfo) => {
      test.setTimeout(180_000); // two sandbox payments, a sign-up, a support sign-in and ten axe scans
      const email = uniqueEmail(`first-day-${locale}`);
      const business = `Boutique Mariam ${locale} ${Date.now().toString(36)}`;

      await test.step("sign up with her country; the verified account opens in test mode", async () => {
        await signUp(page, { email, name: "Mariam Koné", businessName: business, country: "CI" }, locale, { checkAccessible: true });
        await openMailLink(page, email, m("auth.mail.verify.subject"));
        await expect(page).toHaveURL(/\/test\/dashboard$/, { timeout: 15_000 });
        await expect(page.getByText(m("dashboard.env.testBanner"))).toBeVisible();
        await expectNoAxeViolations(page);
      });

      let reference = "";
      await test.step("make a link with the amount typed as she writes it: 5 000", async () => {
        await page.goto("/test/dashboard/links/new");
        await page.getByLabel(m("dashboard.newLink.amount")).fill("5 000");
        await page.getByLabel(m("dashboard.newLink.description")).fill("Pagne wax");
        await expectNoAxeViolations(page);
        await page.getByRole("button", { name: m("dashboard.newLink.submit") }).click();
        await expect(page).toHaveURL(/\/test\/dashboard\/links\/LINK_TEST_[0-9A-Z]{26}\?created=1$/, { timeout: 15_000 });
        reference = /LINK_TEST_[0-9A-Z]{26}/.exec(page.url())![0];
      });

      const local = `07${String(Date.now()).slice(-8)}`;
      const phone = `+225${local}`;
      let payUrl = "";
      await test.step("send it by SMS to the customer's number in its local form", async () => {
        await page.getByRole("radio", { name: m("linkSending.form.sms") }).check();
        await page.getByLabel(m("linkSending.form.to")).fill(local.replace(/(\d\d)(?=\d)/g, "$1 "));
        await page.getByRole("button", { name: m("linkSending.form.submit") }).click();
        await expect(page.getByRole("status").filter({ hasText: m("linkSending.form.sent", { to: phone }) })).toBeVisible();
        await expect.poll(() => smsTo(phone).length).toBe(1);
        payUrl = /https?:\/\/\S+/.exec(smsTo(phone)[0].message)![0];
        expect(payUrl).toContain(`/test/pay/${reference}`);
        await expectNoAxeViolations(page);
      });

      await test.step("the customer opens the SMS's link on her phone: declined once, paid on the second try", async () => {
        const context = await browser.newContext({ viewport: page.viewportSize(), isMobile: testInfo.project.name === "mobile", hasTouch: testInfo.project.name === "mobile", locale: locale === "fr" ? "fr-FR" : "en-GB" });
        const customer = await context.newPage();
        const heading = (key: string) => customer.getByRole("heading", { name: text(locale, key) });
        await customer.goto(payUrl);
        // Her country is preselected: the merchant's (Côte d'Ivoire), not the first of the list.
        const country = customer.getByLabel(text(locale, "country"));
        if (await country.isVisible()) await expect(country).toHaveValue("CI");
        await choose(customer, locale, /MTN Mobile Money/, "0700000111");
        await expect(heading("final.failedTitle")).toBeVisible({ timeout: 15_000 });
        await expectNoAxeViolations(customer);
        // She tops up, or borrows a phone: the link is still payable, with another number.
        await customer.getByRole("button", { name: message(locale, "checkoutRetry.otherNumber") }).click();
        await customer.getByLabel(text(locale, "phoneLabel")).fill("0700000444");
        await customer.getByRole("button", { name: pattern(locale, "pay") }).click();
        await expect(heading("final.completedTitle")).toBeVisible({ timeout: 15_000 });
        await expectNoAxeViolations(customer);
        await context.close();
      });

      await test.step("she sees both attempts on the link and the credit on her balance", async () => {
        await page.goto(`/test/dashboard/links/${reference}`);
        const attempts = page.locator(`h2:text-is("${m("dashboard.link.attempts")}") + div table tbody tr`);
        await expect(attempts).toHaveCount(2);
        await expect(attempts.nth(0)).toContainText(m("dashboard.status.failed"));
        await expect(attempts.nth(1)).toContainText(m("dashboard.status.completed"));
        await expectNoAxeViolations(page);
        await page.goto("/test/dashboard/balance");
        await expect(page.locator("main")).toContainText(reference);
        await expectNoAxeViolations(page);
      });

      let liveKey = "";
      await test.step("in live mode nothing works yet, and the page says why; her first live key is refused", async () => {
        await page.goto("/dashboard/developers");
        await expect(page.getByText(m("activation.liveOff"))).toBeVisible();
        const first = page.getByRole("region", { name: m("firstSteps.firstKeyHeading") });
        await first.getByRole("button", { name: m("firstSteps.firstKeySubmit") }).click();
        liveKey = ((await first.getByTestId("first-key").textContent()) ?? "").trim();
        expect(liveKey).toMatch(/^sk_live_/);
        const refused = await page.request.post("/api/v4/payments/link", { headers: auth(liveKey), data: { amount: 5000, currency: "XOF", description: "Before activation" } });
        expect([refused.status(), (await refused.json()).error.code]).toEqual([403, 40001]);
        await expectNoAxeViolations(page);
      });

      await test.step("she asks for live payments", async () => {
        await page.goto("/dashboard/activation");
        await page.getByLabel(m("activation.fields.businessKind")).selectOption("individual");
        await expect(page.getByLabel(m("activation.fields.country"))).toHaveValue("CI");
        await page.getByLabel(m("activation.fields.payoutPhone")).fill("07 00 00 04 44");
        await page.getByLabel(m("activation.fields.contactPhone")).fill("07 00 00 05 55");
        await expectNoAxeViolations(page);
        await page.getByRole("button", { name: m("activation.form.submit") }).click();
        // The number as people read it (lib/core/domain/phone-display.ts).
        await expect(page.getByText("+225 07 00 00 04 44")).toBeVisible({ timeout: 15_000 });
      });

      await test.step("an admin approves it in the support view (support may only read it)", async () => {
        const staff = e2eStaff().admin;
        // A desktop, whatever the project's device (a context made here would take the phone's).
        const context = await browser.newContext({ locale: "en-GB", viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });
        const support = await context.newPage();
        await support.goto("/admin/login");
        await support.getByLabel("E-mail").fill(staff.email);
        await support.getByLabel("Password").fill(staff.password);
        await support.getByRole("button", { name: "Sign in" }).click();
        await support.getByRole("link", { name: message("en", "activation.support.nav") }).click();
        await support.getByRole("row", { name: new RegExp(business) }).getByRole("link").first().click();
        await support.getByRole("button", { name: message("en", "activation.support.approve") }).click();
        await support.getByRole("form", { name: message("en", "activation.support.approve") }).getByRole("button", { name: "Confirm" }).click();
        await expect(support.getByRole("status")).toHaveText(message("en", "activation.support.approved"));
        await context.close();
      });

      await test.step("her live key now works, and live mode no longer warns", async () => {
        await expect
          .poll(async () => (await page.request.post("/api/v4/payments/link", { headers: auth(liveKey), data: { amount: 5000, currency: "XOF", description: "After activation" } })).status(), { timeout: 10_000 })
          .toBe(200);
        await page.goto("/dashboard");
        await expect(page.getByText(m("activation.liveOff"))).toHaveCount(0);
        await expectNoAxeViolations(page);
      });
    });
  });
}
