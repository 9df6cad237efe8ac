import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { MemberRole } from "@/lib/features/auth/session-member";
import { db } from "@/lib/core/db/client";
import { changeMemberRole, inviteMember, listTeam, removeMember, revokeInvitation, type TeamActor } from "@/lib/features/team/manage-team";
import { contractErrorOf } from "../helpers/contract-error";
import { ORIGIN } from "../helpers/api-client";
import { signedUpMerchant, uniqueEmail } from "../helpers/auth-session";

// The team page's rules (lib/features/team/manage-team.ts) on the real database, through better-auth's
// organization API with real sessions: what the server actions call with the request's headers.

// What a server action's headers() holds: the session cookie, and the host that mail links use.
const requestHeaders = (cookie: string) => new Headers({ cookie, origin: ORIGIN, "accept-language": "en", host: new URL(ORIGIN).host, "x-forwarded-proto": new URL(ORIGIN).protocol.replace(":", "") });

type Person = { actor: TeamActor; headers: Headers; memberId: string; email: string };

async function owner(businessName: string): Promise<Person> {
  const { browser, email } = await signedUpMerchant({ businessName });
  const user = await db().user.findUniqueOrThrow({ where: { email }, include: { members: true } });
  const member = user.members[0];
  return {
    actor: { userId: user.id, merchantId: member.organizationId, role: "owner" },
    headers: requestHeaders(browser.cookieHeader()),
    memberId: member.id,
    email,
  };
}

/** A signed-in user made a member of `merchantId` with `role` (the invitation journey is tested in dashboard-accounts). */
async function memberOf(merchantId: string, role: MemberRole): Promise<Person> {
  const { browser, email } = await signedUpMerchant({ businessName: `Own shop of a ${role}` });
  const user = await db().user.findUniqueOrThrow({ where: { email } });
  const member = await db().member.create({ data: { id: randomUUID(), organizationId: merchantId, userId: user.id, role, createdAt: new Date() } });
  return { actor: { userId: user.id, merchantId, role }, headers: requestHeaders(browser.cookieHeader()), memberId: member.id, email };
}

async function refused(work: Promise<unknown>, code: number) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  const answered = contractErrorOf(error);
  expect(answered.code).toBe(code);
  return answered;
}

const roleOf = async (memberId: string) => (await db().member.findUnique({ where: { id: memberId } }))?.role ?? null;

let a: Person;
let b: Person;

beforeAll(async () => {
  a = await owner("Team A");
  b = await owner("Team B");
});

describe("invitations", () => {
  it("an owner invites (mail sent, listed as pending) and revokes", async () => {
    const email = uniqueEmail("invitee");
    await inviteMember(a.actor, a.headers, { email: `  ${email.toUpperCase()} `, role: "developer" });
    const pending = (await listTeam(a.actor.merchantId)).invitations.find((i) => i.email === email);
    expect(pending).toMatchObject({ role: "developer" });
    expect(pending!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    // Outside a request the mail is in the default language; its link carries the invitation's id.
    const mail = await db().outboxMail.findFirstOrThrow({ where: { to: email } });
    expect(mail.subject).toMatch(/Team A/);
    expect(mail.text).toContain(`/dashboard/accept-invitation/${encodeURIComponent(pending!.id)}`);

    await revokeInvitation(a.actor, a.headers, pending!.id);
    expect((await listTeam(a.actor.merchantId)).invitations.find((i) => i.email === email)).toBeUndefined();
    expect((await db().invitation.findUniqueOrThrow({ where: { id: pending!.id } })).status).toBe("canceled");
    // Revoking twice: it is no longer pending.
    await refused(revokeInvitation(a.actor, a.headers, pending!.id), 40004);
  });

  it("refuses a bad e-mail or role in the spec's words, with nothing written", async () => {
    const before = await db().invitation.count({ where: { organizationId: a.actor.merchantId } });
    expect((await refused(inviteMember(a.actor, a.headers, { email: "not-an-email", role: "viewer" }), 40023)).details).toMatch(/email/);
    expect((await refused(inviteMember(a.actor, a.headers, { email: uniqueEmail("x"), role: "superuser" }), 40023)).details).toMatch(/role/);
    await refused(inviteMember(a.actor, a.headers, { email: a.email, role: "viewer" }), 40020);
    expect(await db().invitation.count({ where: { organizationId: a.actor.merchantId } })).toBe(before);
  });

  it("a viewer or a developer cannot invite or revoke; an admin cannot invite an owner", async () => {
    const viewer = await memberOf(a.actor.merchantId, "viewer");
    const developer = await memberOf(a.actor.merchantId, "developer");
    const admin = await memberOf(a.actor.merchantId, "admin");
    const email = uniqueEmail("someone");
    await refused(inviteMember(viewer.actor, viewer.headers, { email, role: "viewer" }), 40001);
    await refused(inviteMember(developer.actor, developer.headers, { email, role: "viewer" }), 40001);
    await refused(inviteMember(admin.actor, admin.headers, { email, role: "owner" }), 40001);
    expect(await db().invitation.count({ where: { email } })).toBe(0);

    // better-auth's own rules agree: a viewer's forged role (our check bypassed) is refused by it too.
    await refused(inviteMember({ ...viewer.actor, role: "admin" }, viewer.headers, { email, role: "viewer" }), 40001);
    expect(await db().invitation.count({ where: { email } })).toBe(0);

    await inviteMember(admin.actor, admin.headers, { email, role: "developer" });
    const invitation = await db().invitation.findFirstOrThrow({ where: { email, status: "pending" } });
    await refused(revokeInvitation(viewer.actor, viewer.headers, invitation.id), 40001);
    await refused(revokeInvitation(developer.actor, developer.headers, invitation.id), 40001);
    expect((await db().invitation.findUniqueOrThrow({ where: { id: invitation.id } })).status).toBe("pending");
    await revokeInvitation(admin.actor, admin.headers, invitation.id);
  });
});

describe("members", () => {
  it("an owner changes a member's role and removes them", async () => {
    const m = await memberOf(a.actor.merchantId, "viewer");
    await changeMemberRole(a.actor, a.headers, m.memberId, "developer");
    expect(await roleOf(m.memberId)).toBe("developer");
    expect((await listTeam(a.actor.merchantId)).members.find((x) => x.id === m.memberId)).toMatchObject({ email: m.email, role: "developer" });
    await refused(changeMemberRole(a.actor, a.headers, m.memberId, "boss"), 40023);
    await removeMember(a.actor, a.headers, m.memberId);
    expect(await roleOf(m.memberId)).toBeNull();
  });

  it("a viewer or developer cannot change roles or remove; an admin cannot grant, demote or remove an owner", async () => {
    const viewer = await memberOf(a.actor.merchantId, "viewer");
    const developer = await memberOf(a.actor.merchantId, "developer");
    const admin = await memberOf(a.actor.merchantId, "admin");
    await refused(changeMemberRole(viewer.actor, viewer.headers, viewer.memberId, "admin"), 40001);
    await refused(changeMemberRole(developer.actor, developer.headers, viewer.memberId, "developer"), 40001);
    await refused(removeMember(viewer.actor, viewer.headers, developer.memberId), 40001);
    await refused(removeMember(developer.actor, developer.headers, viewer.memberId), 40001);
    expect(await roleOf(viewer.memberId)).toBe("viewer");
    expect(await roleOf(developer.memberId)).toBe("developer");

    await refused(changeMemberRole(admin.actor, admin.headers, viewer.memberId, "owner"), 40001);
    await refused(changeMemberRole(admin.actor, admin.headers, admin.memberId, "owner"), 40001);
    await refused(changeMemberRole(admin.actor, admin.headers, a.memberId, "viewer"), 40001);
    await refused(removeMember(admin.actor, admin.headers, a.memberId), 40001);
    expect(await roleOf(viewer.memberId)).toBe("viewer");
    expect(await roleOf(admin.memberId)).toBe("admin");
    expect(await roleOf(a.memberId)).toBe("owner");

    // What an admin may do: any role but owner, to anyone but an owner.
    await changeMemberRole(admin.actor, admin.headers, viewer.memberId, "admin");
    expect(await roleOf(viewer.memberId)).toBe("admin");
    await removeMember(admin.actor, admin.headers, developer.memberId);
    expect(await roleOf(developer.memberId)).toBeNull();
  });

  it("keeps the last owner: not demoted, not removed; with a second owner either may go", async () => {
    const solo = await owner("Solo Shop");
    await refused(changeMemberRole(solo.actor, solo.headers, solo.memberId, "admin"), 40020);
    await refused(removeMember(solo.actor, solo.headers, solo.memberId), 40020);
    expect(await roleOf(solo.memberId)).toBe("owner");

    const second = await memberOf(solo.actor.merchantId, "admin");
    await changeMemberRole(solo.actor, solo.headers, second.memberId, "owner");
    expect(await roleOf(second.memberId)).toBe("owner");
    await changeMemberRole(solo.actor, solo.headers, solo.memberId, "admin");
    expect(await roleOf(solo.memberId)).toBe("admin");
    const newOwner = { ...second, actor: { ...second.actor, role: "owner" as const } };
    await refused(removeMember(newOwner.actor, newOwner.headers, newOwner.memberId), 40020);
    await removeMember(newOwner.actor, newOwner.headers, solo.memberId);
    expect(await roleOf(solo.memberId)).toBeNull();
  });
});

describe("isolation between merchants (BOLA)", () => {
  it("B's owner cannot touch A's members or invitations by their ids", async () => {
    const target = await memberOf(a.actor.merchantId, "developer");
    const email = uniqueEmail("a-invite");
    await inviteMember(a.actor, a.headers, { email, role: "viewer" });
    const invitation = await db().invitation.findFirstOrThrow({ where: { email, status: "pending" } });

    await refused(changeMemberRole(b.actor, b.headers, target.memberId, "viewer"), 40004);
    await refused(removeMember(b.actor, b.headers, target.memberId), 40004);
    await refused(changeMemberRole(b.actor, b.headers, a.memberId, "viewer"), 40004);
    await refused(removeMember(b.actor, b.headers, a.memberId), 40004);
    await refused(revokeInvitation(b.actor, b.headers, invitation.id), 40004);
    expect(await roleOf(target.memberId)).toBe("developer");
    expect(await roleOf(a.memberId)).toBe("owner");
    expect((await db().invitation.findUniqueOrThrow({ where: { id: invitation.id } })).status).toBe("pending");

    // B's lists hold nothing of A's.
    const teamB = await listTeam(b.actor.merchantId);
    expect(teamB.members.map((m) => m.id)).toEqual([b.memberId]);
    expect(teamB.invitations.map((i) => i.id)).not.toContain(invitation.id);

    // A forged actor (B's session claiming A's merchant) is refused by better-auth: not a member of A.
    await refused(removeMember({ ...b.actor, merchantId: a.actor.merchantId }, b.headers, target.memberId), 40020);
    expect(await roleOf(target.memberId)).toBe("developer");
  });
});
