import { describe, expect, it } from "vitest";
import { auth } from "@/lib/features/auth/auth";
import { db } from "@/lib/core/db/client";
import { ORIGIN } from "../helpers/api-client";
import { AuthBrowser, PASSWORD, signedUpMerchant, uniqueEmail } from "../helpers/auth-session";

// Account mails sent outside any request (a script calling better-auth's API, here the test
// itself: no Request, no next/headers) take the merchant's default language, not French by accident.

async function merchantOf(browser: AuthBrowser) {
  return (await browser.session())!.session.activeOrganizationId!;
}

// A script names the site (BETTER_AUTH_URL in production, the Host here) and nothing about languages.
const scriptHeaders = (cookie?: string) => new Headers({ host: new URL(ORIGIN).host, ...(cookie ? { cookie } : {}) });

const newestMail = (to: string) => db().outboxMail.findFirstOrThrow({ where: { to }, orderBy: { createdAt: "desc" } });

describe("account mails outside a request", () => {
  it("an invitation is written in the inviting merchant's default language", async () => {
    const owner = await signedUpMerchant({ businessName: "English Shop" });
    const merchantId = await merchantOf(owner.browser);
    await db().merchant.update({ where: { id: merchantId }, data: { defaultLanguage: "en" } });
    const english = uniqueEmail("invitee-en");
    // Only the session cookie: no Accept-Language, no locale cookie, no Request object.
    await auth().api.createInvitation({ headers: scriptHeaders(owner.browser.cookieHeader()), body: { email: english, role: "viewer", organizationId: merchantId } });
    expect((await newestMail(english)).subject).toBe("Awa Diop invites you to English Shop");

    await db().merchant.update({ where: { id: merchantId }, data: { defaultLanguage: "fr" } });
    const french = uniqueEmail("invitee-fr");
    await auth().api.createInvitation({ headers: scriptHeaders(owner.browser.cookieHeader()), body: { email: french, role: "viewer", organizationId: merchantId } });
    expect((await newestMail(french)).subject).toBe("Awa Diop vous invite chez English Shop");
  });

  it("the inviter's own language, when the call carries it, comes before the merchant's", async () => {
    const owner = await signedUpMerchant({ businessName: "Boutique Bilingue" });
    const merchantId = await merchantOf(owner.browser);
    await db().merchant.update({ where: { id: merchantId }, data: { defaultLanguage: "fr" } });
    const invitee = uniqueEmail("invitee-cookie");
    const invite = await owner.browser.request("POST", "/api/auth/organization/invite-member", { email: invitee, role: "viewer" }, { cookie: `${owner.browser.cookieHeader()}; locale=en` });
    expect(invite.status, JSON.stringify(invite.body)).toBe(200);
    expect((await newestMail(invitee)).subject).toBe("Awa Diop invites you to Boutique Bilingue");
  });

  it("verification and reset mails sent by a script follow the user's merchant's default language", async () => {
    const { browser, email } = await signedUpMerchant();
    await db().merchant.update({ where: { id: await merchantOf(browser) }, data: { defaultLanguage: "en" } });
    await auth().api.requestPasswordReset({ body: { email, redirectTo: "/dashboard/reset-password" }, headers: scriptHeaders() });
    await expect.poll(async () => (await newestMail(email)).subject).toBe("Reset your password");

    // An invitee with no merchant yet: the inviting merchant's language.
    const inviter = await signedUpMerchant({ businessName: "Invites in English" });
    const inviterMerchant = await merchantOf(inviter.browser);
    await db().merchant.update({ where: { id: inviterMerchant }, data: { defaultLanguage: "en" } });
    const invitee = uniqueEmail("unverified-invitee");
    expect((await inviter.browser.post("/organization/invite-member", { email: invitee, role: "viewer" })).status).toBe(200);
    await auth().api.signUpEmail({ body: { name: "Invitee", email: invitee, password: PASSWORD }, headers: scriptHeaders() });
    await auth().api.sendVerificationEmail({ body: { email: invitee }, headers: scriptHeaders() });
    await expect.poll(async () => (await newestMail(invitee)).subject).toBe("Confirm your e-mail address");
  });
});
