import { expect, test, type Page } from "@playwright/test";
import { choose, oneViewportPerLanguage, text } from "../checkout-helpers";
import { expectNoAxeViolations, hydrated, message, openMailLink, SIGN_UP_PASSWORD, signIn, signUp, startReceiver, uniqueEmail, type Locale } from "../dashboard-helpers";
import { auth } from "../helpers";

// A merchant's first day on the dashboard, once in English and once in French, as one run in a
// real Chromium (desktop, and at 360 px in the mobile project): sign up, verify through its
// mail, make a sandbox key, a payment link from the form that a customer pays on the sandbox
// checkout, its webhook delivered to a real receiver and replayed, part of it refunded, a key
// regenerated, a viewer invited who may not make keys, a withdrawal. Every element is found by the words of that
// language (messages/*.json), and amounts are checked as that language writes them.
// Edge cases the journey does not walk through stay in the other dashboard-*.spec.ts files.

/** Amounts as each language writes them, with the currency's decimals (none for XOF); one currency name, "F CFA", on the checkout too. */
const AMOUNTS: Record<Locale, { link: string; refund: string; withdrawal: string; checkout: RegExp }> = {
  en: { link: "5,000\u00a0F\u00a0CFA", refund: "500\u00a0F\u00a0CFA", withdrawal: "1,000\u00a0F\u00a0CFA", checkout: /5,000\sF\sCFA/ },
  fr: { link: "5\u202f000\u00a0F\u00a0CFA", refund: "500\u00a0F\u00a0CFA", withdrawal: "1\u202f000\u00a0F\u00a0CFA", checkout: /5\s000\sF\sCFA/ },
};

for (const [locale, browserLocale] of [
  ["en", "en-GB"],
  ["fr", "fr-FR"],
] as const) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale: browserLocale });
    oneViewportPerLanguage(locale);

    test(`a merchant's first day, in ${locale}`, async ({ page, browser }, testInfo) => {
      test.setTimeout(600_000);
      const m = (key: string, values?: Record<string, string | number>) => message(locale, key, values);
      const d = (key: string, values?: Record<string, string | number>) => m(`dashboard.${key}`, values);
      const nav = (section: string) => page.getByRole("navigation", { name: d("nav.label") }).getByRole("link", { name: d(`nav.${section}`), exact: true }).click();
      // +15 and +16 are this spec's (e2e/serve.ts lets them through the SSRF guard): one per
      // worker, so the two journeys that run at once never share a receiver.
      const receiverPort = Number(process.env.E2E_PORT ?? 3210) + 15 + testInfo.parallelIndex;
      const receiver = await startReceiver(receiverPort);
      const owner = { email: uniqueEmail(`journey-${locale}`), name: "Awa Diop", businessName: `Boutique Awa ${locale.toUpperCase()}` };

      try {
        await test.step("sign up and verify the e-mail through its mail", async () => {
          await page.goto("/dashboard/sign-up");
          await expect(page.getByRole("heading", { name: m("auth.signUp.title") })).toBeVisible();
          await expectNoAxeViolations(page);
          await signUp(page, owner, locale);
          await expect(page.getByText(m("auth.verifyEmail.sent", { email: owner.email }))).toBeVisible();
          await openMailLink(page, owner.email, m("auth.mail.verify.subject"));
          // A new account opens in test mode until its live payments are activated (issue 28).
          await expect(page).toHaveURL(/\/test\/dashboard$/, { timeout: 15_000 });
          await expect(page.getByRole("heading", { name: d("home.heading", { merchant: owner.businessName }) })).toBeVisible();
          await expect(page.getByRole("banner")).toContainText(owner.businessName);
          await expect(page.getByRole("banner")).toContainText(d("signedInAs", { name: owner.name, role: d("roles.owner") }));
          await expectNoAxeViolations(page);
        });

        await test.step("it is in test mode", async () => {
          await expect(page).toHaveURL(/\/test\/dashboard$/);
          await expect(page.getByText(d("env.testBanner"))).toBeVisible();
          await expectNoAxeViolations(page);
        });

        const keyName = `Boutique server ${locale}`;
        const balanceWith = (key: string) => page.request.get("/test/api/v4/merchant/balance", { headers: auth(key) }).then((r) => r.status());
        // The owner's own "create a key" post, kept to be replayed later with a viewer's session.
        let createKeyPost: { url: string; headers: Record<string, string>; body: Buffer } | undefined;
        let firstKey = "";
        await test.step("create a sandbox API key and use it against the API", async () => {
          await nav("developers");
          await expect(page.getByRole("heading", { name: d("developers.heading"), level: 1 })).toBeVisible();
          const newKey = page.getByRole("region", { name: d("developers.newKey") });
          await newKey.getByLabel(d("developers.name")).fill(keyName);
          const create = newKey.getByRole("button", { name: d("developers.create") });
          await hydrated(create);
          const posted = page.waitForRequest((r) => r.method() === "POST" && r.headers()["next-action"] !== undefined, { timeout: 30_000 });
          await create.click();
          const request = await posted;
          createKeyPost = { url: request.url(), headers: request.headers(), body: request.postDataBuffer()! };
          await expect(newKey.getByText(d("developers.keyShownOnce"))).toBeVisible();
          firstKey = (await newKey.getByTestId("shown-once").textContent())!.trim();
          expect(firstKey).toMatch(/^sk_test_/);
          await expectNoAxeViolations(page);
          // What the merchant's developer does next: call the API with it.
          expect(await balanceWith(firstKey)).toBe(200);
        });

        const description = `${locale === "fr" ? "Gâteau d'anniversaire" : "Birthday cake"} ${Date.now().toString(36)}`;
        let reference = "";
        let paymentUrl = "";
        await test.step("create a payment link from the form, with its webhook URL", async () => {
          await nav("links");
          await page.getByRole("link", { name: d("links.new") }).click();
          await expect(page.getByRole("heading", { name: d("newLink.heading") })).toBeVisible();
          await expectNoAxeViolations(page);
          await page.getByLabel(d("newLink.amount")).fill("5000");
          await page.getByLabel(d("newLink.currency")).selectOption("XOF");
          await page.getByLabel(d("newLink.description")).fill(description);
          await page.getByText(d("newLink.developers")).click();
          await page.getByLabel(d("newLink.callbackUrl")).fill(`https://127.0.0.1:${receiverPort}/hooks`);
          await page.getByRole("button", { name: d("newLink.submit") }).click();
          await expect(page).toHaveURL(/\/test\/dashboard\/links\/LINK_TEST_[0-9A-Z]{26}\?created=1$/, { timeout: 15_000 });
          reference = /LINK_TEST_[0-9A-Z]{26}/.exec(page.url())![0];
          await expect(page.getByRole("heading", { name: description, level: 1 })).toBeVisible();
          await expect(page.getByText(d("link.referenceLine", { reference }))).toBeVisible();
          await expect(page.getByText(d("link.created"))).toBeVisible();
          await expect(page.locator("main")).toContainText(AMOUNTS[locale].link);
          await expectNoAxeViolations(page);
          paymentUrl = (await page.locator(".dash-url").textContent())!.trim();
          expect(paymentUrl).toMatch(new RegExp(`/test/pay/${reference}$`));
        });

        await test.step("the customer pays it on the sandbox checkout", async () => {
          await page.goto(paymentUrl);
          await expect(page.getByText(AMOUNTS[locale].checkout).first()).toBeVisible();
          await choose(page, locale, /MTN Mobile Money/, "0700000444");
          await expect(page.getByRole("heading", { name: text(locale, "final.completedTitle") })).toBeVisible({ timeout: 30_000 });
        });

        await test.step("see it completed, its webhook delivered, and replay the delivery", async () => {
          await page.goto("/test/dashboard");
          await nav("links");
          const row = page.getByRole("row").filter({ hasText: reference });
          await expect(row).toContainText(d("status.completed"));
          await expect(row).toContainText(AMOUNTS[locale].link);
          await expectNoAxeViolations(page);
          await row.getByRole("link", { name: reference }).click();
          await expect(page.getByRole("heading", { name: description, level: 1 })).toBeVisible();
          await expect(page.getByText(d("link.referenceLine", { reference }))).toBeVisible();

          await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
          const delivery = page.getByRole("region", { name: `payment_link.completed ${reference}` }).first();
          await expect(async () => {
            await page.reload();
            await expect(delivery).toContainText(d("status.delivered"), { timeout: 1000 });
          }).toPass({ timeout: 20_000 });
          await expect(delivery).toContainText(`${d("deliveries.httpStatus")}: 200`);
          await expect(delivery.getByLabel(d("deliveries.excerpt"))).toHaveText("thanks");
          await expectNoAxeViolations(page);

          const before = receiver.received.length;
          await delivery.getByRole("button", { name: d("deliveries.replay") }).click();
          await expect(page.getByRole("status").filter({ hasText: d("deliveries.replayed") })).toBeVisible();
          await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(before);
          expect(JSON.parse(receiver.received.at(-1)!.body)).toMatchObject({ event: "payment_link.completed", reference });
        });

        await test.step("refund part of the payment from the link's page, confirmed first, and see it completed", async () => {
          const form = page.getByRole("region", { name: d("refunds.form") });
          await form.getByLabel(d("refunds.amount", { currency: "F\u00a0CFA" })).fill("500");
          await form.getByRole("button", { name: d("refunds.review") }).click();
          await expect(form).toContainText(AMOUNTS[locale].refund);
          await form.getByRole("button", { name: d("refunds.confirm") }).click();
          const [said] = d("refunds.requested", { reference: "\u0000" }).split("\u0000");
          await expect(form.getByRole("status")).toContainText(said);
          const refund = /RFD_TEST_\w+/.exec((await form.getByRole("status").textContent())!)![0];
          const row = page.getByRole("table", { name: d("refunds.caption") }).getByRole("row").filter({ hasText: refund });
          // The sandbox answers a refund after its simulated delay (about 2 s).
          await expect(async () => {
            await page.reload();
            // "Remboursé", not "Payé" (issue 35).
            await expect(row).toContainText(d("refundStatus.completed"), { timeout: 1000 });
          }).toPass({ timeout: 30_000 });
          await expect(row).toContainText(AMOUNTS[locale].refund);
          await expectNoAxeViolations(page);
        });

        await test.step("regenerate the key: the old one works during the overlap, and is refused once it ends", async () => {
          await nav("developers");
          const card = page.getByRole("region", { name: `${keyName} ${firstKey.slice(0, 14)}` });
          await card.getByLabel(d("developers.overlap")).selectOption({ label: d("developers.overlaps.3600") });
          await card.getByRole("button", { name: d("developers.regenerate") }).click();
          const second = (await card.getByTestId("shown-once").textContent())!.trim();
          expect(second).toMatch(/^sk_test_/);
          expect([await balanceWith(firstKey), await balanceWith(second)]).toEqual([200, 200]);

          // The shortest the page offers: the old key stops at once; the API forgets it within its cache's life.
          await page.reload();
          const current = page.getByRole("region", { name: `${keyName} ${second.slice(0, 14)}` });
          await current.getByLabel(d("developers.overlap")).selectOption({ label: d("developers.overlaps.0") });
          await current.getByRole("button", { name: d("developers.regenerate") }).click();
          const third = (await current.getByTestId("shown-once").textContent())!.trim();
          await expect.poll(() => balanceWith(second), { timeout: 30_000 }).toBe(401);
          expect(await balanceWith(third)).toBe(200);
          await expectNoAxeViolations(page);
        });

        const viewerEmail = uniqueEmail(`journey-viewer-${locale}`);
        await test.step("invite a viewer from the team page", async () => {
          await nav("settings");
          await page.getByRole("link", { name: d("settings.team") }).click();
          await expect(page.getByRole("heading", { name: d("team.heading"), exact: true })).toBeVisible();
          const invite = page.getByRole("region", { name: d("team.invite") });
          await invite.getByLabel(d("team.email")).fill(viewerEmail);
          await invite.getByLabel(d("team.role")).selectOption("viewer");
          await invite.getByRole("button", { name: d("team.send") }).click();
          await expect(invite.getByRole("status")).toHaveText(d("team.invited", { email: viewerEmail }));
          await expectNoAxeViolations(page);
        });

        await test.step("the viewer accepts through the mail, signs up, and may not create keys", async () => {
          const context = await browser.newContext({ locale: browserLocale, viewport: page.viewportSize() });
          try {
            const viewer = await context.newPage();
            const viewerNav = (section: string) => viewer.getByRole("navigation", { name: d("nav.label") }).getByRole("link", { name: d(`nav.${section}`), exact: true }).click();
            const subject = m("auth.mail.invite.subject", { inviter: owner.name, organization: owner.businessName });
            await openMailLink(viewer, viewerEmail, subject);
            await expect(viewer.getByText(m("auth.invitation.intro", { inviter: owner.name, email: viewerEmail, organization: owner.businessName, role: m("auth.roles.viewer") }))).toBeVisible();
            await expectNoAxeViolations(viewer);
            await viewer.getByRole("link", { name: m("auth.invitation.signUp", { email: viewerEmail }) }).click();
            await expect(viewer.getByLabel(m("auth.fields.businessName"))).toHaveCount(0);
            await expect(viewer.getByLabel(m("auth.fields.email"))).toHaveValue(viewerEmail);
            await viewer.getByLabel(m("auth.fields.name")).fill("Moussa Ba");
            await viewer.getByLabel(m("auth.fields.password")).fill(SIGN_UP_PASSWORD);
            await viewer.getByRole("button", { name: m("auth.signUp.submit") }).click();
            await openMailLink(viewer, viewerEmail, m("auth.mail.verify.subject"));
            await expect(viewer).toHaveURL(/\/dashboard\/accept-invitation\//);
            await viewer.getByRole("button", { name: m("auth.invitation.accept", { organization: owner.businessName }) }).click();
            await expect(viewer).toHaveURL(/\/dashboard$/);
            const viewerBadge = d("signedInAs", { name: "Moussa Ba", role: d("roles.viewer") });
            await expect(viewer.getByRole("banner")).toContainText(owner.businessName);
            await expect(viewer.getByRole("banner")).toContainText(viewerBadge);

            // Signing in again later lands on the same merchant, as viewer.
            await viewer.getByRole("button", { name: d("signOut") }).click();
            await expect(viewer).toHaveURL(/\/dashboard\/sign-in/);
            await signIn(viewer, viewerEmail, SIGN_UP_PASSWORD, locale);
            // The merchant's live payments are not activated: test mode.
            await expect(viewer).toHaveURL(/\/test\/dashboard$/, { timeout: 15_000 });
            await expect(viewer.getByRole("banner")).toContainText(viewerBadge);

            // In the UI: the keys and links are there to read, with no form to make or change one
            // (in test mode, where the sign-in landed).
            await expect(viewer.getByText(d("env.testBanner"))).toBeVisible();
            await viewerNav("developers");
            await expect(viewer.getByRole("region", { name: `${keyName} ${firstKey.slice(0, 14)}` })).toBeVisible();
            await expect(viewer.getByRole("button", { name: d("developers.create") })).toHaveCount(0);
            await expect(viewer.getByRole("button", { name: d("developers.regenerate") })).toHaveCount(0);
            await expect(viewer.getByRole("button", { name: d("developers.revoke") })).toHaveCount(0);
            await expectNoAxeViolations(viewer);
            await viewerNav("links");
            await expect(viewer.getByRole("link", { name: reference })).toBeVisible();
            await expect(viewer.getByRole("link", { name: d("links.new") })).toHaveCount(0);
            await viewer.goto("/test/dashboard/links/new");
            await expect(viewer.getByRole("alert").filter({ hasText: d("forbidden") })).toBeVisible();

            // Through the server action itself: the owner's "create a key" post, replayed with the
            // viewer's session, is refused (40001) and makes no key.
            // The team page is the same in both environments and lives under /dashboard: back to the sandbox's keys.
            await page.goto("/test/dashboard/developers");
            await expect(page.getByRole("region", { name: `${keyName} ${firstKey.slice(0, 14)}` })).toBeVisible({ timeout: 15_000 });
            const keysBefore = await page.getByRole("region", { name: new RegExp(`^${keyName} `) }).count();
            expect(keysBefore).toBeGreaterThan(0);
            const forged = await viewer.request.fetch(createKeyPost!.url, {
              method: "POST",
              headers: { "next-action": createKeyPost!.headers["next-action"], "content-type": createKeyPost!.headers["content-type"], accept: "text/x-component" },
              data: createKeyPost!.body,
            });
            expect(forged.status()).toBeLessThan(500);
            expect(await forged.text()).toContain("40001");
            await page.reload();
            await expect(page.getByRole("region", { name: new RegExp(`^${keyName} `) })).toHaveCount(keysBefore);
          } finally {
            await context.close();
          }
        });

        await test.step("request a withdrawal and follow its status", async () => {
          await nav("balance");
          await expect(page.getByRole("heading", { name: d("balance.heading"), level: 1 })).toBeVisible();
          await expect(page.getByRole("region", { name: "F\u00a0CFA", exact: true })).toContainText(d("balance.available"));
          const form = page.getByRole("region", { name: d("balance.withdraw") });
          await form.getByLabel(d("balance.amount")).fill("1000");
          await form.getByLabel(d("newLink.currency")).selectOption("XOF");
          await form.getByLabel(d("balance.gateway")).selectOption("MTN_MOMO_CI");
          await form.getByLabel(d("balance.country")).selectOption("CI");
          await form.getByLabel(d("balance.beneficiaryPhone")).fill("+2250700000555");
          await expectNoAxeViolations(page);
          // Asked first (issue 35): nothing leaves before the confirmation.
          await form.getByRole("button", { name: d("balance.review") }).click();
          await expect(form.getByTestId("withdraw-question")).toContainText("+225 07 00 00 05 55");
          await form.getByRole("button", { name: d("balance.confirm") }).click();
          const requested = form.getByRole("status");
          const [said] = d("balance.requested", { reference: "\u0000" }).split("\u0000");
          await expect(requested).toContainText(said);
          const withdrawal = /TRF_TEST_\w+/.exec((await requested.textContent())!)![0];
          const row = page.getByRole("table", { name: d("balance.withdrawals") }).getByRole("row").filter({ hasText: withdrawal });
          // Its status follows by itself, no reload (issue 35): the sandbox answers in about 2 s.
          await expect(row).toContainText(d("payoutStatus.completed"), { timeout: 30_000 });
          await expect(row).toContainText(AMOUNTS[locale].withdrawal);
          await expectNoAxeViolations(page);
        });

        await test.step("the day's figures on the analytics page", async () => {
          await nav("analytics");
          await expect(page.getByRole("heading", { name: d("analytics.heading"), level: 1 })).toBeVisible();
          await expectAnalyticsCharts(page, locale);
          await expectNoAxeViolations(page);
        });
      } finally {
        await receiver.close();
      }
    });
  });
}

/** The XOF block's charts ("F CFA" to people): drawn, named for screen readers, with the figures also in the table. */
async function expectAnalyticsCharts(page: Page, locale: Locale) {
  const block = page.getByRole("region", { name: "F\u00a0CFA" });
  const chart = (key: string) => block.getByRole("img", { name: message(locale, `analytics.${key}`, { currency: "F\u00a0CFA" }) });
  for (const key of ["volumeChart", "countsChart", "conversionChart", "gatewayChart"]) await expect(chart(key)).toBeVisible();
  // Today's paid link: 5000 XOF at the top of the volume axis and in the table of days, in the language's digits.
  await expect(chart("volumeChart")).toContainText(AMOUNTS[locale].link.replace("\u00a0F\u00a0CFA", ""));
  await expect(block.getByRole("table", { name: message(locale, "analytics.dailyTable", { currency: "F\u00a0CFA" }) })).toContainText(AMOUNTS[locale].link);
  await expect(chart("gatewayChart")).toContainText("MTN_MOMO_CI");
}
