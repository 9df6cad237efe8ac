// Issue 34, item 4: better-auth's organization routes (/api/auth/organization/*) knew roles we do
// not (its built-in "member", lists such as "admin,developer", padded names it trims) and let an
// owner give "owner" past the team page. The attack: a signed-in owner calls those routes
// directly with their session cookie. Each must be refused (4xx) with nothing written.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { auth } from "@/lib/features/auth/auth";
import { changeMemberRole } from "@/lib/features/team/manage-team";
import { db } from "@/lib/core/db/client";
import { ORIGIN } from "../helpers/api-client";
import { type AuthBrowser, signedUpMerchant, uniqueEmail } from "../helpers/auth-session";

const BAD_ROLES: unknown[] = ["member", "admin,developer", "owner", " admin", "admin ", ["admin"], ["admin", "developer"], "Admin", ""];

let merchantId: string;
let ownerUserId: string;
let owner: AuthBrowser;
let teammate: { memberId: string; userId: string };

beforeAll(async () => {
  const signedUp = await signedUpMerchant({ businessName: "Role rules shop" });
  owner = signedUp.browser;
  const user = await db().user.findUniqueOrThrow({ where: { email: signedUp.email }, include: { members: true } });
  ownerUserId = user.id;
  merchantId = user.members[0].organizationId;
  const other = await db().user.create({ data: { id: randomUUID(), email: uniqueEmail("teammate"), name: "Teammate", emailVerified: true } });
  const member = await db().member.create({ data: { id: randomUUID(), organizationId: merchantId, userId: other.id, role: "viewer", createdAt: new Date() } });
  teammate = { memberId: member.id, userId: other.id };
});

describe("better-auth's organization routes take only our roles", () => {
  it.each(BAD_ROLES.map((role) => [JSON.stringify(role), role]))("invite-member with role %s: refused, no invitation", async (_, role) => {
    const email = uniqueEmail("invitee");
    const res = await owner.post("/organization/invite-member", { email, role, organizationId: merchantId });
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await db().invitation.count({ where: { email } })).toBe(0);
  });

  it.each(BAD_ROLES.map((role) => [JSON.stringify(role), role]))("update-member-role to %s: refused, role unchanged", async (_, role) => {
    const res = await owner.post("/organization/update-member-role", { memberId: teammate.memberId, role, organizationId: merchantId });
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((await db().member.findUniqueOrThrow({ where: { id: teammate.memberId } })).role).toBe("viewer");
  });

  it("add-member (server-only) refuses a role not ours", async () => {
    const user = await db().user.create({ data: { id: randomUUID(), email: uniqueEmail("added"), name: "Added", emailVerified: true } });
    for (const role of ["member", "admin,developer", "owner"]) {
      await expect(auth().api.addMember({ headers: new Headers({ host: new URL(ORIGIN).host }), body: { userId: user.id, role: role as "admin", organizationId: merchantId } })).rejects.toMatchObject({ statusCode: role === "owner" ? 403 : 400 });
    }
    expect(await db().member.count({ where: { userId: user.id } })).toBe(0);
  });

  it("accepting an invitation written with a role not ours (before these rules) is refused", async () => {
    const signedUp = await signedUpMerchant({ businessName: "Invitee's own shop" });
    const invitation = await db().invitation.create({
      data: { id: randomUUID(), organizationId: merchantId, email: signedUp.email, role: "member", status: "pending", expiresAt: new Date(Date.now() + 86_400_000), inviterId: ownerUserId },
    });
    const res = await signedUp.browser.post("/organization/accept-invitation", { invitationId: invitation.id });
    expect(res.status).toBe(400);
    expect(await db().member.count({ where: { organizationId: merchantId, user: { email: signedUp.email } } })).toBe(0);
  });

  it("still takes exactly one of ours, and the team page's ownership transfer", async () => {
    const email = uniqueEmail("developer");
    expect((await owner.post("/organization/invite-member", { email, role: "developer", organizationId: merchantId })).status).toBe(200);
    expect((await owner.post("/organization/update-member-role", { memberId: teammate.memberId, role: "admin", organizationId: merchantId })).status).toBe(200);
    const headers = new Headers({ cookie: owner.cookieHeader(), origin: ORIGIN, host: new URL(ORIGIN).host });
    await changeMemberRole({ userId: ownerUserId, merchantId, role: "owner" }, headers, teammate.memberId, "owner");
    expect((await db().member.findUniqueOrThrow({ where: { id: teammate.memberId } })).role).toBe("owner");
  });
});
