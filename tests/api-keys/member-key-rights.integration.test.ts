// Issue 34, item 3: an API key is its maker's hands on the API. When the maker is demoted or
// leaves, by any way (the team page, better-auth's own routes, leaving), their keys keep only what
// the new role may use, or are revoked, and the owners are mailed; revoking a key needs the rights
// to make it. The attacks, as a member would run them with their session and the keys they made.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { changeRoleAction, removeMemberAction } from "@/app/dashboard/(app)/settings/team/actions";
import { createKeyAction, revokeKeyAction } from "@/app/dashboard/(app)/developers/actions";
import type { MemberRole } from "@/lib/features/auth/member-permissions";
import { listApiKeys } from "@/lib/features/api-keys/manage-api-keys";
import { db } from "@/lib/core/db/client";
import { hashApiKey } from "@/lib/core/domain/api-keys";
import { ENVIRONMENT_HEADER } from "@/lib/core/request/environment-header";
import { call } from "../helpers/api-client";
import { type AuthBrowser, signedUpMerchant } from "../helpers/auth-session";
import { browseWith, nextRequest } from "../helpers/next-request";

vi.mock("next/headers", async () => (await import("../helpers/next-request")).nextHeaders);
vi.mock("next/cache", async () => (await import("../helpers/next-request")).nextCache);
vi.mock("next-intl/server", async () => (await import("../helpers/next-request")).nextIntlServer());

type Person = { userId: string; memberId: string; email: string; browser: AuthBrowser };

let merchantId: string;
let owner: Person;

async function person(role: MemberRole, name: string): Promise<Person> {
  const { browser, email } = await signedUpMerchant({ businessName: role === "owner" ? name : `Own shop of ${name}` });
  const user = await db().user.findUniqueOrThrow({ where: { email }, include: { members: true } });
  if (role === "owner") return { userId: user.id, memberId: user.members[0].id, email, browser };
  const member = await db().member.create({ data: { id: randomUUID(), organizationId: merchantId, userId: user.id, role, createdAt: new Date() } });
  await db().session.updateMany({ where: { userId: user.id }, data: { activeOrganizationId: merchantId } });
  return { userId: user.id, memberId: member.id, email, browser };
}

/** The next server action is `who`'s, on the live dashboard. */
function asLive(who: Person) {
  browseWith(who.browser.cookieHeader());
  nextRequest.headers.set(ENVIRONMENT_HEADER, "live");
}

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(name, v);
  return data;
};

/** A live key `who` makes on the Developers page, with those scopes. */
async function liveKeyOf(who: Person, scopes: string[]) {
  asLive(who);
  const state = await createKeyAction(null, form({ name: `Key of ${who.email}`, scopes }));
  expect(state?.error, JSON.stringify(state)).toBeUndefined();
  return state!.secret!;
}

// A payout's body is checked after the key and its scope: 400 says the key got through, 403 that its scope did not.
const payout = (key: string) => call("POST", "/api/v4/transfers/instant", { key, body: {} });
const balance = (key: string) => call("GET", "/api/v4/merchant/balance", { key });
const keyRow = (key: string) => db().apiKey.findUniqueOrThrow({ where: { hash: hashApiKey(key) } });

beforeEach(async () => {
  owner = await person("owner", "Key rights shop");
  merchantId = (await db().member.findUniqueOrThrow({ where: { id: owner.memberId } })).organizationId;
  await db().merchant.update({ where: { id: merchantId }, data: { liveActivatedAt: new Date() } });
});

describe("a demoted maker's keys", () => {
  it("admin mints a live payout key, owner demotes the admin to viewer on the team page: payouts refused, reads still work, owner mailed", async () => {
    const admin = await person("admin", "Adama");
    const key = await liveKeyOf(admin, ["transfers:write", "refunds:write", "balance:read"]);
    expect((await payout(key)).status).toBe(400);

    asLive(owner);
    expect(await changeRoleAction(null, form({ memberId: admin.memberId, role: "viewer" }))).toMatchObject({ message: expect.any(String) });

    const refused = await payout(key);
    expect([refused.status, refused.body.error.code]).toEqual([403, 40001]);
    expect((await balance(key)).status).toBe(200);
    expect((await keyRow(key)).scopes).toEqual(["balance:read"]);
    const notice = await db().outboxMail.findFirst({ where: { to: owner.email, subject: { contains: admin.email } }, orderBy: { createdAt: "desc" } });
    expect(notice?.text).toMatch(/transfers:write, refunds:write/);
    // And in the audit log, by the service (no staff member decided it).
    const entry = await db().auditEntry.findFirstOrThrow({ where: { targetType: "api_key", targetId: (await keyRow(key)).id } });
    expect(entry).toMatchObject({ staffId: null, action: "api_key.narrowed_with_maker" });
    expect(entry.details).toMatchObject({ merchantId, makerUserId: admin.userId, makerRole: "viewer", removedScopes: ["transfers:write", "refunds:write"], keptScopes: ["balance:read"] });
  });

  it("the same through better-auth's own route (update-member-role), and a key left with nothing is revoked", async () => {
    const admin = await person("admin", "Binta");
    const key = await liveKeyOf(admin, ["transfers:write", "balance:read"]);
    const payoutOnly = await liveKeyOf(admin, ["transfers:write"]);
    const res = await owner.browser.post("/organization/update-member-role", { memberId: admin.memberId, role: "developer", organizationId: merchantId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    expect([(await payout(key)).status, (await payout(key)).body.error.code]).toEqual([403, 40001]);
    expect((await balance(key)).status).toBe(200);
    expect((await payout(payoutOnly)).status).toBe(401);
  });

  it("keeps keys made before makers were recorded as they are (nobody knows whose rights they carry)", async () => {
    const admin = await person("admin", "Coumba");
    const key = await liveKeyOf(admin, ["transfers:write"]);
    await db().apiKey.update({ where: { id: (await keyRow(key)).id }, data: { createdByUserId: null } });
    asLive(owner);
    await changeRoleAction(null, form({ memberId: admin.memberId, role: "viewer" }));
    expect((await payout(key)).status).toBe(400);
  });
});

describe("a departed maker's keys", () => {
  it("removed on the team page: every key they made answers 401", async () => {
    const admin = await person("admin", "Dior");
    const key = await liveKeyOf(admin, ["transfers:write", "balance:read"]);
    asLive(owner);
    expect((await removeMemberAction(null, form({ memberId: admin.memberId })))?.error).toBeUndefined();
    expect((await payout(key)).status).toBe(401);
    expect((await balance(key)).status).toBe(401);
    const entry = await db().auditEntry.findFirstOrThrow({ where: { targetType: "api_key", targetId: (await keyRow(key)).id } });
    expect(entry).toMatchObject({ staffId: null, action: "api_key.revoked_with_maker", details: expect.objectContaining({ makerRole: null }) });
  });

  it("removed through better-auth's remove-member route, or leaving through its leave route: 401", async () => {
    const removed = await person("admin", "Esso");
    const removedKey = await liveKeyOf(removed, ["balance:read"]);
    expect((await owner.browser.post("/organization/remove-member", { memberIdOrEmail: removed.memberId, organizationId: merchantId })).status).toBe(200);
    expect((await balance(removedKey)).status).toBe(401);

    const leaver = await person("developer", "Fanta");
    const leaverKey = await liveKeyOf(leaver, ["balance:read", "links:write"]);
    expect((await leaver.browser.post("/organization/leave", { organizationId: merchantId })).status).toBe(200);
    expect((await balance(leaverKey)).status).toBe(401);
    expect((await keyRow(leaverKey)).revokedAt).not.toBeNull();
  });
});

describe("revoking a key", () => {
  it("a developer cannot revoke the owner's payout key (it needs the rights to make it); the key still works", async () => {
    const developer = await person("developer", "Gora");
    const key = await liveKeyOf(owner, ["transfers:write", "balance:read"]);
    asLive(developer);
    const state = await revokeKeyAction(null, form({ keyId: (await keyRow(key)).id }));
    expect(state?.code).toBe(40001);
    expect((await payout(key)).status).toBe(400);
    // A key the developer could make, they may revoke.
    const readKey = await liveKeyOf(owner, ["balance:read"]);
    asLive(developer);
    expect((await revokeKeyAction(null, form({ keyId: (await keyRow(readKey)).id })))?.error).toBeUndefined();
    expect((await balance(readKey)).status).toBe(401);
  });

  it("the Developers page lists who made each key", async () => {
    await liveKeyOf(owner, ["balance:read"]);
    const keys = await listApiKeys(db(), { merchantId, environment: "live" });
    expect(keys[0]).toMatchObject({ madeBy: { email: owner.email } });
  });
});
