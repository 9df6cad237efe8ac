import { expect, test } from "@playwright/test";
import { message, openMailLink, SIGN_UP_PASSWORD, signIn, signUp, uniqueEmail, type Locale } from "../dashboard-helpers";

// Issue 28, first steps and security, in French on a phone and in English on a desktop (the
// browser's language picks the dashboard's): sign up, get the first key and the webhook secret
// once, revoke a key only after saying yes, rotate the secret, change the password (a wrong
// current one refused), and see the sessions, signing the other ones out.

for (const locale of ["fr", "en"] as Locale[]) {
  test(`first steps and security (${locale})`, async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name === "mobile", "each language picks its own screen");
    test.setTimeout(120_000);
    const screen = locale === "fr" ? { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } };
    const context = await browser.newContext({ ...screen, locale: locale === "fr" ? "fr-FR" : "en-US" });
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const page = await context.newPage();
    const m = (key: string, values?: Record<string, string | number>) => message(locale, key, values);

    const email = uniqueEmail(`first-steps-${locale}`);
    await signUp(page, { email, name: "Awa Diop", businessName: `Boutique Awa ${locale}` }, locale);
    await openMailLink(page, email, m("auth.mail.verify.subject"));
    await expect(page.getByRole("banner")).toContainText(`Boutique Awa ${locale}`, { timeout: 15_000 });

    // The docs are one tap away; the developers page offers the first key.
    await expect(page.getByRole("navigation", { name: m("dashboard.nav.label") }).getByRole("link", { name: m("firstSteps.docsNav") })).toHaveAttribute("href", "/docs");
    await page.goto("/test/dashboard/developers");
    const first = page.getByRole("region", { name: m("firstSteps.firstKeyHeading") });
    await first.getByRole("button", { name: m("firstSteps.firstKeySubmit") }).click();
    const key = first.getByTestId("first-key");
    const secret = first.getByTestId("first-webhook-secret");
    await expect(key).toHaveText(/^sk_test_/);
    await expect(secret).toHaveText(/^whsec_/);
    await expect(first.getByText(m("firstSteps.notShownAgain"))).toHaveCount(2);
    await first.getByRole("button", { name: m("dashboard.copy") }).first().click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await key.textContent());
    const keyText = (await key.textContent())!;
    const secretText = (await secret.textContent())!;

    // Once: after "copied", the page shows neither again.
    await first.getByRole("link", { name: m("firstSteps.firstKeyContinue") }).click();
    await expect(page.getByRole("heading", { name: m("dashboard.developers.heading"), level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: m("firstSteps.firstKeyHeading") })).toHaveCount(0);
    const body = await page.locator("body").textContent();
    expect(body).not.toContain(keyText);
    expect(body).not.toContain(secretText);

    // Revoke asks first: "Cancel" leaves the key; "yes" revokes it and says so.
    const revoke = page.getByRole("button", { name: m("dashboard.developers.revoke") });
    await revoke.click();
    await page.getByRole("button", { name: m("firstSteps.cancel") }).click();
    await expect(revoke).toBeVisible();
    await revoke.click();
    await expect(page.locator("form.dash-confirm-asking")).toContainText(m("firstSteps.revokeKeyConfirm"));
    await page.getByRole("button", { name: m("firstSteps.revokeKeyConfirm") }).click();
    await expect(page.getByTestId("dash-notice")).toHaveText(new RegExp(m("dashboard.developers.revoked").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    await expect(page.getByText(m("dashboard.developers.noKeys"))).toBeVisible();
    const refused = await page.request.get("/test/api/v4/payments/link/LINK_TEST_01JZZZZZZZZZZZZZZZZZZZZZZZ", { headers: { Authorization: `Bearer ${keyText}` } });
    expect(refused.status()).toBe(401);

    // Rotating the secret asks too, then shows the new one once.
    await page.getByRole("button", { name: m("dashboard.developers.rotate") }).click();
    await page.getByRole("button", { name: m("firstSteps.rotateConfirm") }).click();
    await expect(page.getByTestId("shown-once")).toHaveText(/^whsec_/);
    expect(await page.getByTestId("shown-once").textContent()).not.toBe(secretText);

    // Security: from settings in test mode, and back to the test dashboard.
    await page.goto("/test/dashboard/settings");
    await page.getByRole("link", { name: m("dashboard.settings.security") }).click();
    await expect(page).toHaveURL(/\/test\/dashboard\/settings\/security$/);
    await expect(page.getByRole("link", { name: m("security.backToDashboard") }).first()).toHaveAttribute("href", "/test/dashboard");

    // Another browser signed in: two sessions.
    const other = await browser.newContext({ locale: locale === "fr" ? "fr-FR" : "en-US" });
    const otherPage = await other.newPage();
    await signIn(otherPage, email, SIGN_UP_PASSWORD, locale);
    await expect(otherPage).not.toHaveURL(/sign-in/, { timeout: 15_000 });
    await page.reload();
    const sessions = page.getByTestId("sessions").locator("li");
    await expect(sessions).toHaveCount(2);
    await expect(sessions.first()).toContainText(m("security.thisSession"));

    // A wrong current password is refused; the right one changes it and signs the other session out.
    await page.getByLabel(m("security.currentPassword")).fill("not my password at all");
    await page.getByLabel(m("security.newPassword"), { exact: true }).fill("my brand new password");
    await page.getByLabel(m("security.confirmPassword")).fill("my brand new password");
    await page.getByRole("button", { name: m("security.changePassword") }).click();
    await expect(page.locator("main").getByRole("alert")).toHaveText(m("security.passwordErrors.invalidCredentials"));
    await page.getByLabel(m("security.currentPassword")).fill(SIGN_UP_PASSWORD);
    await page.getByLabel(m("security.newPassword"), { exact: true }).fill("my brand new password");
    await page.getByLabel(m("security.confirmPassword")).fill("my brand new password");
    await page.getByRole("button", { name: m("security.changePassword") }).click();
    await expect(page.getByText(m("security.passwordChangedOthersOut"))).toBeVisible();
    await otherPage.goto("/dashboard");
    await expect(otherPage).toHaveURL(/\/dashboard\/sign-in/);

    // Sign in there again, then sign it out from here, after saying yes.
    await signIn(otherPage, email, "my brand new password", locale);
    await expect(otherPage).not.toHaveURL(/sign-in/, { timeout: 15_000 });
    await page.reload();
    await expect(sessions).toHaveCount(2);
    await page.getByRole("button", { name: m("security.signOutSession") }).click();
    await page.getByRole("button", { name: m("security.signOutSessionConfirm") }).click();
    await expect(page.getByText(m("security.sessionEnded"))).toBeVisible();
    await otherPage.goto("/dashboard");
    await expect(otherPage).toHaveURL(/\/dashboard\/sign-in/);
    await page.reload();
    await expect(sessions).toHaveCount(1);
    await expect(page.getByText(m("security.noOtherSessions"))).toBeVisible();
    await other.close();
    await context.close();
  });
}
