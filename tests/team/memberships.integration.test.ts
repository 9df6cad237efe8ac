import { describe, expect, it } from "vitest";
import { listMemberships, listOpenInvitations } from "@/lib/features/auth/memberships";
import { memberOfSession } from "@/lib/features/auth/session-member";
import { AlreadyAMember, openOwnBusiness } from "@/lib/features/auth/sign-up-merchant";
import { createLinkFromForm } from "@/lib/surfaces/dashboard/create-link-from-form";
import { LINK_STATUSES, listPaymentLinks } from "@/lib/features/links/list-payment-links";
import { parseListFilters } from "@/lib/core/domain/list-filters";
import { db } from "@/lib/core/db/client";
import { AuthBrowser, linkInOutbox, signedUpMerchant, uniqueEmail } from "../helpers/auth-session";

// A signed-in person without a merchant (an invitee who never accepted) and a member of several
// merchants, through better-auth's route handler and our rules on the real database.

async function invite(owner: AuthBrowser, email: string, role = "viewer") {
  const res = await owner.post("/organization/invite-member", { email, role });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return decodeURIComponent(new URL(await linkInOutbox(email, /invites you|vous invite/)).pathname.split("/").at(-1)!);
}

const member = async (browser: AuthBrowser) => {
  const session = (await browser.session())!;
  return memberOfSession(session.user as never, session.session.activeOrganizationId);
};

describe("an invitee who signed up but never accepted", () => {
  it("has no member yet, sees only their open invitations, declines one and opens a business of their own", async () => {
    const first = await signedUpMerchant({ businessName: "First Shop" });
    const second = await signedUpMerchant({ businessName: "Second Shop" });
    const email = uniqueEmail("undecided");
    const firstInvitation = await invite(first.browser, email);
    const secondInvitation = await invite(second.browser, email, "developer");
    // An expired and a declined invitation are not offered (and trap no one).
    const third = await signedUpMerchant({ businessName: "Expired Shop" });
    const expired = await invite(third.browser, email);
    await db().invitation.update({ where: { id: expired }, data: { expiresAt: new Date(Date.now() - 1000) } });

    const invitee = await signedUpMerchant({ email });
    const session = (await invitee.browser.session())!;
    expect(await member(invitee.browser)).toBeNull();
    expect(await listMemberships(db(), session.user.id)).toEqual([]);
    const open = await listOpenInvitations(db(), email);
    expect(open.map((i) => [i.id, i.organizationName, i.role])).toEqual([
      [secondInvitation, "Second Shop", "developer"],
      [firstInvitation, "First Shop", "viewer"],
    ]);

    expect((await invitee.browser.post("/organization/reject-invitation", { invitationId: secondInvitation })).status).toBe(200);
    expect((await listOpenInvitations(db(), email)).map((i) => i.id)).toEqual([firstInvitation]);

    // The form sent twice at once (two tabs): one business, the other refused.
    const twice = await Promise.allSettled([openOwnBusiness(db(), session.user.id, "My Own Shop", "SN"), openOwnBusiness(db(), session.user.id, "My Own Shop", "SN")]);
    expect(twice.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(twice.find((r) => r.status === "rejected")).toMatchObject({ reason: expect.any(AlreadyAMember) });
    const merchant = (twice.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<Awaited<ReturnType<typeof openOwnBusiness>>>).value;
    expect((await invitee.browser.post("/organization/set-active", { organizationId: merchant.id })).status).toBe(200);
    expect(await member(invitee.browser)).toMatchObject({ merchantId: merchant.id, merchantName: "My Own Shop", role: "owner" });
    const owned = await db().merchant.findUniqueOrThrow({ where: { id: merchant.id }, include: { apiKeys: true, gateways: true } });
    // The country asked on the page, as at sign-up: where local numbers are read.
    expect(owned.country).toBe("SN");
    // No API key until one is made (and shown) on the Developers page.
    expect(owned.apiKeys).toHaveLength(0);
    expect(owned.gateways.length).toBeGreaterThan(0);

    // Once in a team, "open a business" is not offered again (and a replayed form opens nothing).
    const merchants = await db().merchant.count();
    await expect(openOwnBusiness(db(), session.user.id, "Another one")).rejects.toBeInstanceOf(AlreadyAMember);
    expect(await db().merchant.count()).toBe(merchants);
  });
});

describe("a member of several merchants", () => {
  it("switches the active merchant among their own memberships only, and sees only that merchant's data", async () => {
    const a = await signedUpMerchant({ businessName: "Shop A" });
    const b = await signedUpMerchant({ businessName: "Shop B" });
    const outsider = await signedUpMerchant({ businessName: "Not Theirs" });
    const aId = (await member(a.browser))!.merchantId;
    const bId = (await member(b.browser))!.merchantId;
    const outsiderId = (await member(outsider.browser))!.merchantId;
    // The owner of A joins B as a developer.
    const invitationId = await invite(b.browser, a.email, "developer");
    expect((await a.browser.post("/organization/accept-invitation", { invitationId })).status).toBe(200);
    const userId = (await a.browser.session())!.user.id;
    expect((await listMemberships(db(), userId)).map((m) => [m.merchantName, m.role])).toEqual([
      ["Shop A", "owner"],
      ["Shop B", "developer"],
    ]);

    const aLink = await createLinkFromForm(db(), { merchantId: aId, environment: "sandbox" }, { amount: "100", currency: "XOF", description: "A only", expiresIn: "3600" });
    const bLink = await createLinkFromForm(db(), { merchantId: bId, environment: "sandbox" }, { amount: "200", currency: "XOF", description: "B only", expiresIn: "3600" });

    expect((await a.browser.post("/organization/set-active", { organizationId: aId })).status).toBe(200);
    let current = (await member(a.browser))!;
    expect(current).toMatchObject({ merchantId: aId, role: "owner" });
    const seen = async () =>
      (await listPaymentLinks(db(), { merchantId: current.merchantId, environment: "sandbox" }, parseListFilters({}, LINK_STATUSES))).items.map((l) => l.reference);
    expect(await seen()).toContain(aLink.reference);
    expect(await seen()).not.toContain(bLink.reference);

    expect((await a.browser.post("/organization/set-active", { organizationId: bId })).status).toBe(200);
    current = (await member(a.browser))!;
    expect(current).toMatchObject({ merchantId: bId, merchantName: "Shop B", role: "developer" });
    expect(await seen()).toContain(bLink.reference);
    expect(await seen()).not.toContain(aLink.reference);

    // Not a member: refused. better-auth then clears the session's active merchant, so the
    // dashboard falls back on the user's first own merchant, never the one asked for.
    expect((await a.browser.post("/organization/set-active", { organizationId: outsiderId })).status).toBe(403);
    expect((await member(a.browser))!.merchantId).toBe(aId);
  });
});
