// Issue 34, item 5: invitations mailed strangers from accounts nobody checked, without limit. The
// attack: sign up (a business named at will), invite arbitrary addresses through the team page,
// better-auth's invite route and its `resend`, revoke to free slots, and invite the same stranger
// from several accounts. Invitations need a verified inviter, each mail spends the merchant's daily
// budget (revoking gives nothing back) and the recipient address's, and the mail names the sender.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { inviteMemberAction, revokeInvitationAction } from "@/app/dashboard/(app)/settings/team/actions";
import { inviteMember } from "@/lib/features/team/manage-team";
import { db } from "@/lib/core/db/client";
import { contractErrorOf } from "../helpers/contract-error";
import en from "@/messages/en.json";
import { ORIGIN } from "../helpers/api-client";
import { type AuthBrowser, signedUpMerchant, uniqueEmail } from "../helpers/auth-session";
import { browseWith, nextRequest } from "../helpers/next-request";

vi.mock("next/headers", async () => (await import("../helpers/next-request")).nextHeaders);
vi.mock("next/cache", async () => (await import("../helpers/next-request")).nextCache);
vi.mock("next-intl/server", async () => (await import("../helpers/next-request")).nextIntlServer());

const PER_MERCHANT = 3;
const PER_ADDRESS = 2;

beforeAll(() => {
  // Read on each use (lib/features/auth/invitation-limits.ts).
  process.env.INVITATION_MAILS_PER_DAY_PER_MERCHANT = String(PER_MERCHANT);
  process.env.INVITATION_MAILS_PER_DAY_PER_ADDRESS = String(PER_ADDRESS);
});

type Owner = { browser: AuthBrowser; email: string; userId: string; merchantId: string };

async function owner(businessName: string): Promise<Owner> {
  const { browser, email } = await signedUpMerchant({ businessName });
  const user = await db().user.findUniqueOrThrow({ where: { email }, include: { members: true } });
  return { browser, email, userId: user.id, merchantId: user.members[0].organizationId };
}

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

/** The team page's invite form, as `who` (en). */
async function inviteOnPage(who: Owner, email: string, role = "viewer") {
  browseWith(who.browser.cookieHeader());
  nextRequest.locale = "en";
  return inviteMemberAction(null, form({ email, role }));
}

const inviteOverRoute = (who: Owner, email: string, extra: Record<string, unknown> = {}) =>
  who.browser.post("/organization/invite-member", { email, role: "viewer", organizationId: who.merchantId, ...extra });

const mailsTo = (email: string) => db().outboxMail.count({ where: { to: email } });

describe("who may invite", () => {
  it("an owner whose e-mail is not verified cannot invite, by the team page's rules (a clear message) nor over better-auth's route", async () => {
    const unverified = await owner("Unverified shop");
    await db().user.update({ where: { id: unverified.userId }, data: { emailVerified: false } });
    const stranger = uniqueEmail("stranger");
    // The team page's rules (the page itself sends an unverified session to sign in first).
    const actor = { userId: unverified.userId, merchantId: unverified.merchantId, role: "owner" as const };
    const headers = new Headers({ cookie: unverified.browser.cookieHeader(), origin: ORIGIN, host: new URL(ORIGIN).host });
    const refusal = await inviteMember(actor, headers, { email: stranger, role: "viewer" }).catch((e: unknown) => e);
    expect(contractErrorOf(refusal)).toMatchObject({ code: 40001, hint: "inviterUnverified" });
    expect(en.apiErrors.hints.inviterUnverified).toMatch(/Confirm your own e-mail address/);
    expect((await inviteOverRoute(unverified, stranger)).status).toBe(403);
    expect(await db().invitation.count({ where: { email: stranger } })).toBe(0);
    expect(await mailsTo(stranger)).toBe(0);
  });
});

describe("the merchant's daily invitation mails", () => {
  it("a verified owner sends N (page, route, resend) then is refused with a clear message; revoking frees nothing", async () => {
    const o = await owner("Busy shop");
    const first = uniqueEmail("a");
    expect((await inviteOnPage(o, first))?.error).toBeUndefined();
    expect((await inviteOverRoute(o, uniqueEmail("b"))).status).toBe(200);
    // A resend mails again: it spends one too.
    expect((await inviteOverRoute(o, first, { resend: true })).status).toBe(200);
    expect(await mailsTo(first)).toBe(2);

    const refused = uniqueEmail("c");
    expect(await inviteOnPage(o, refused)).toMatchObject({ code: 42900, error: en.apiErrors.hints.invitationLimitMerchant });
    expect((await inviteOverRoute(o, refused)).status).toBe(429);
    expect(await mailsTo(refused)).toBe(0);
    expect(await db().invitation.count({ where: { email: refused } })).toBe(0);

    // Revoke every pending invitation and try again: still refused.
    for (const invitation of await db().invitation.findMany({ where: { organizationId: o.merchantId, status: "pending" } })) {
      browseWith(o.browser.cookieHeader());
      expect((await revokeInvitationAction(null, form({ invitationId: invitation.id })))?.error).toBeUndefined();
    }
    expect(await inviteOnPage(o, refused)).toMatchObject({ code: 42900 });
    expect(await mailsTo(refused)).toBe(0);
  });
});

describe("one address's invitation mails, across accounts", () => {
  it("the same stranger invited from several accounts hits the per-address limit", async () => {
    const stranger = uniqueEmail("target");
    const accounts = await Promise.all([owner("Shop one"), owner("Shop two"), owner("Shop three")]);
    expect((await inviteOnPage(accounts[0], stranger))?.error).toBeUndefined();
    expect((await inviteOverRoute(accounts[1], stranger)).status).toBe(200);
    expect(await inviteOnPage(accounts[2], stranger)).toMatchObject({ code: 42900, error: en.apiErrors.hints.invitationLimitAddress });
    expect((await inviteOverRoute(accounts[2], stranger)).status).toBe(429);
    expect(await mailsTo(stranger)).toBe(PER_ADDRESS);
    // The refusal spent nothing of the third account's own budget.
    expect((await inviteOnPage(accounts[2], uniqueEmail("other")))?.error).toBeUndefined();
  });
});

describe("the invitation mail", () => {
  it("names the inviter (name and e-mail), marks the business name as the sender's, and says to ignore a stranger, in both languages", async () => {
    const o = await owner("Totally Your Bank");
    await db().merchant.update({ where: { id: o.merchantId }, data: { defaultLanguage: "en" } });
    const english = uniqueEmail("en");
    await inviteOnPage(o, english);
    const mail = await db().outboxMail.findFirstOrThrow({ where: { to: english } });
    expect(mail.text).toContain(`Awa Diop (${o.email})`);
    expect(mail.text).toContain('"Totally Your Bank"');
    expect(mail.text).toMatch(/The sender chose this business name/);
    expect(mail.text).toMatch(/If you don't know this person, ignore this mail/);
    expect(mail.html).toContain(o.email);

    const french = uniqueEmail("fr");
    // Over better-auth's route, in the browser's language.
    await o.browser.request("POST", "/api/auth/organization/invite-member", { email: french, role: "viewer", organizationId: o.merchantId }, { "accept-language": "fr" });
    const frMail = await db().outboxMail.findFirstOrThrow({ where: { to: french } });
    expect(frMail.text).toContain(`Awa Diop (${o.email})`);
    expect(frMail.text).toMatch(/choisis par l'expéditeur/);
    expect(frMail.text).toMatch(/Si vous ne connaissez pas cette personne, ignorez ce message/);
  });
});
