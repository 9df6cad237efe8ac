import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { memberOfSession } from "@/lib/features/auth/session-member";
import { db } from "@/lib/core/db/client";
import { AuthBrowser, linkInOutbox, PASSWORD, signedUpMerchant, uniqueEmail } from "../helpers/auth-session";

// The dashboard's accounts end to end through better-auth's route handler on the real database:
// mails are read from the local outbox (no SMTP_URL in tests), as a developer would on /dev/outbox.

describe("sign-up, verification and sign-in", () => {
  it("opens a merchant owned by the new user, signs in only once the e-mail is verified", async () => {
    const email = uniqueEmail("signup");
    const browser = new AuthBrowser();
    const signUp = await browser.post("/sign-up/email", { name: "Awa Diop", email, password: PASSWORD, businessName: "Boutique Awa" });
    expect(signUp.status).toBe(200);
    expect(await browser.session()).toBeNull();

    // The merchant exists from sign-up, with its secret and gateways, as merchant:create makes it, but
    // no API key: the first is made, and shown once, on the Developers page (lib/features/api-keys/first-keys.ts).
    const user = await db().user.findUniqueOrThrow({ where: { email }, include: { members: { include: { organization: { include: { merchant: { include: { apiKeys: true, gateways: true } } } } } } } });
    expect(user.emailVerified).toBe(false);
    expect(user.members).toHaveLength(1);
    const { role, organization } = user.members[0];
    expect(role).toBe("owner");
    expect(organization.merchant.name).toBe("Boutique Awa");
    expect(organization.merchant.webhookSecret).toMatch(/^whsec_/);
    expect(organization.merchant.apiKeys).toEqual([]);
    expect(organization.merchant.gateways.length).toBeGreaterThan(0);

    const early = await browser.post("/sign-in/email", { email, password: PASSWORD });
    expect(early.status).toBe(403);
    expect(early.body.code).toBe("EMAIL_NOT_VERIFIED");
    expect(await browser.session()).toBeNull();

    const link = await linkInOutbox(email, /Confirm/);
    expect(new URL(link).pathname).toBe("/api/auth/verify-email");
    const verified = await browser.get(link);
    expect(verified.status).toBe(302);
    const session = await browser.session();
    expect(session?.user.email).toBe(email);
    expect(session?.session.activeOrganizationId).toBe(organization.id);
    expect(await memberOfSession(session!.user as never, session!.session.activeOrganizationId)).toMatchObject({
      email,
      merchantId: organization.merchant.id,
      merchantName: "Boutique Awa",
      role: "owner",
    });

    const other = new AuthBrowser();
    expect((await other.post("/sign-in/email", { email, password: "not the password" })).status).toBe(401);
    const signIn = await other.post("/sign-in/email", { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    expect((await other.session())?.user.email).toBe(email);
  });

  it("mails the verification in the reader's language", async () => {
    const email = uniqueEmail("french");
    const browser = new AuthBrowser();
    const res = await browser.request("POST", "/api/auth/sign-up/email", { name: "Moussa", email, password: PASSWORD }, { "accept-language": "fr-FR,fr;q=0.9" });
    expect(res.status).toBe(200);
    // Sent after the answer (lib/features/auth/auth.ts): wait for it.
    await linkInOutbox(email, /Confirmez/);
    const mail = await db().outboxMail.findFirstOrThrow({ where: { to: email } });
    expect(mail.subject).toBe("Confirmez votre adresse e-mail");
    expect(mail.html).toContain("Confirmer mon e-mail");
  });

  it("refuses a second account on the same e-mail without opening a second merchant", async () => {
    const { email } = await signedUpMerchant();
    const merchants = await db().merchant.count();
    const again = await new AuthBrowser().post("/sign-up/email", { name: "Someone", email, password: PASSWORD });
    expect(again.status).not.toBe(500);
    expect(await db().user.count({ where: { email } })).toBe(1);
    expect(await db().merchant.count()).toBe(merchants);
  });
});

describe("sessions", () => {
  it("sign-out ends the session: its cookie no longer signs anyone in", async () => {
    const { browser } = await signedUpMerchant();
    const stolen = new AuthBrowser();
    for (const [name, value] of browser.cookies) stolen.cookies.set(name, value);
    expect(await stolen.session()).not.toBeNull();
    expect((await browser.post("/sign-out")).status).toBe(200);
    expect(await browser.session()).toBeNull();
    expect(await stolen.session()).toBeNull();
  });

  it("a session is kept in the database: it survives a new auth instance and can be revoked from another device", async () => {
    const { browser, email } = await signedUpMerchant();
    const laptop = new AuthBrowser();
    expect((await laptop.post("/sign-in/email", { email, password: PASSWORD })).status).toBe(200);

    // As after a restart: a fresh better-auth instance reads the same session from the database.
    (globalThis as { __pcsAuth?: unknown }).__pcsAuth = undefined;
    expect((await browser.session())?.user.email).toBe(email);

    const listed = await laptop.get("/list-sessions");
    expect(listed.body).toHaveLength(2);
    const phoneToken = (await browser.session())!.session.token;
    expect((await laptop.post("/revoke-session", { token: phoneToken })).status).toBe(200);
    expect(await browser.session()).toBeNull();
    expect(await laptop.session()).not.toBeNull();
  });

  it("refuses signed-out requests to account and team endpoints", async () => {
    const anonymous = new AuthBrowser();
    expect((await anonymous.get("/list-sessions")).status).toBe(401);
    expect((await anonymous.post("/organization/invite-member", { email: uniqueEmail("x"), role: "viewer" })).status).toBe(401);
    expect((await anonymous.post("/two-factor/enable", { password: PASSWORD })).status).toBe(401);
  });
});

describe("password reset", () => {
  it("resets through the mailed link, ends the old sessions and signs in with the new password only", async () => {
    const { browser, email } = await signedUpMerchant();
    const forgot = new AuthBrowser();
    expect((await forgot.post("/request-password-reset", { email, redirectTo: "/dashboard/reset-password" })).status).toBe(200);
    const link = await linkInOutbox(email, /Reset/);
    const opened = await forgot.get(link);
    expect(opened.status).toBe(302);
    const target = new URL(opened.headers.get("location")!, "http://pay.test");
    expect(target.pathname).toBe("/dashboard/reset-password");
    const token = target.searchParams.get("token")!;
    expect(token).toBeTruthy();

    expect((await forgot.post("/reset-password", { token, newPassword: "a brand new password" })).status).toBe(200);
    expect((await forgot.post("/reset-password", { token, newPassword: "and again another one" })).status).toBe(400);
    expect(await browser.session()).toBeNull();
    expect((await forgot.post("/sign-in/email", { email, password: PASSWORD })).status).toBe(401);
    expect((await forgot.post("/sign-in/email", { email, password: "a brand new password" })).status).toBe(200);
  });

  it("answers the same for an unknown address and mails nothing", async () => {
    const email = uniqueEmail("nobody");
    expect((await new AuthBrowser().post("/request-password-reset", { email, redirectTo: "/dashboard/reset-password" })).status).toBe(200);
    expect(await db().outboxMail.count({ where: { to: email } })).toBe(0);
  });
});

describe("invitations", () => {
  it("an invited viewer signs up without a merchant of their own and joins the inviter's as viewer", async () => {
    const owner = await signedUpMerchant({ businessName: "Team Shop" });
    const ownerSession = (await owner.browser.session())!;
    const inviteeEmail = uniqueEmail("viewer");
    const invite = await owner.browser.post("/organization/invite-member", { email: inviteeEmail, role: "viewer" });
    expect(invite.status, JSON.stringify(invite.body)).toBe(200);

    const link = await linkInOutbox(inviteeEmail, /invites you to Team Shop/);
    const invitationId = decodeURIComponent(new URL(link).pathname.split("/").at(-1)!);
    expect(new URL(link).pathname).toMatch(/^\/dashboard\/accept-invitation\//);

    const merchants = await db().merchant.count();
    const invitee = await signedUpMerchant({ email: inviteeEmail });
    expect(await db().merchant.count()).toBe(merchants);

    const accepted = await invitee.browser.post("/organization/accept-invitation", { invitationId });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const session = (await invitee.browser.session())!;
    expect(session.session.activeOrganizationId).toBe(ownerSession.session.activeOrganizationId);
    expect(await memberOfSession(session.user as never, session.session.activeOrganizationId)).toMatchObject({
      email: inviteeEmail,
      merchantId: ownerSession.session.activeOrganizationId,
      merchantName: "Team Shop",
      role: "viewer",
    });

    // A viewer manages no team.
    const byViewer = await invitee.browser.post("/organization/invite-member", { email: uniqueEmail("other"), role: "viewer" });
    expect(byViewer.status).toBe(403);
  });

  it("an invitation cannot be accepted by another account", async () => {
    const owner = await signedUpMerchant();
    const inviteeEmail = uniqueEmail("invited");
    expect((await owner.browser.post("/organization/invite-member", { email: inviteeEmail, role: "developer" })).status).toBe(200);
    const invitationId = decodeURIComponent(new URL(await linkInOutbox(inviteeEmail, /invites you/)).pathname.split("/").at(-1)!);
    const stranger = await signedUpMerchant();
    expect((await stranger.browser.post("/organization/accept-invitation", { invitationId })).status).toBe(403);
    const mine = await memberOfSession((await stranger.browser.session())!.user as never, null);
    expect(mine?.role).toBe("owner");
  });
});

describe("two-factor authentication", () => {
  it("turns TOTP on with a code, then asks for a code at sign-in", async () => {
    const { browser, email } = await signedUpMerchant();
    const enabled = await browser.post("/two-factor/enable", { password: PASSWORD });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    const secret = new URL(enabled.body.totpURI).searchParams.get("secret")!;
    expect(enabled.body.backupCodes.length).toBeGreaterThan(0);
    // Not on until a code from the app proves it was set up.
    expect((await db().user.findUniqueOrThrow({ where: { email } })).twoFactorEnabled).not.toBe(true);
    expect((await browser.post("/two-factor/verify-totp", { code: await generate({ secret }) })).status).toBe(200);
    expect((await db().user.findUniqueOrThrow({ where: { email } })).twoFactorEnabled).toBe(true);

    const phone = new AuthBrowser();
    const first = await phone.post("/sign-in/email", { email, password: PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body.twoFactorRedirect).toBe(true);
    expect(await phone.session()).toBeNull();
    expect((await phone.post("/two-factor/verify-totp", { code: "000000" === (await generate({ secret })) ? "111111" : "000000" })).status).toBe(401);
    const second = await phone.post("/two-factor/verify-totp", { code: await generate({ secret }) });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect((await phone.session())?.user.email).toBe(email);
  });
});

describe("a login made without sign-up (the quick start's demo merchant)", () => {
  it("signs in at once, as owner of the existing merchant", async () => {
    const { createMerchant } = await import("@/lib/features/merchants/create-merchant");
    const { createMemberLogin } = await import("@/lib/features/auth/create-member-login");
    const merchant = await createMerchant(db(), { name: "Demo merchant" });
    const email = uniqueEmail("demo");
    const login = await createMemberLogin(db(), { merchant, email, name: "Demo" });
    expect(login.password.length).toBeGreaterThanOrEqual(16);
    const browser = new AuthBrowser();
    expect((await browser.post("/sign-in/email", { email, password: "wrong password!" })).status).toBe(401);
    expect((await browser.post("/sign-in/email", { email, password: login.password })).status).toBe(200);
    const session = (await browser.session())!;
    expect(await memberOfSession(session.user as never, session.session.activeOrganizationId)).toMatchObject({ merchantId: merchant.id, merchantName: "Demo merchant", role: "owner" });
  });
});
