// Issue 35: a production server without SMTP never sends the confirmation mail, and the new
// account stays locked out. A support admin may confirm a member's e-mail by hand, from the
// merchant's page: permission-checked (support is read-only), scoped to that merchant's members,
// audited. Real database, the real route handlers, real sessions.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { call } from "../helpers/api-client";
import { AuthBrowser, PASSWORD, uniqueEmail } from "../helpers/auth-session";
import { newMerchant } from "../helpers/fixtures";
import { staffSession, type StaffSession } from "../helpers/staff-session";

let support: StaffSession;
let admin: StaffSession;

const as = (who: StaffSession) => ({ headers: { cookie: who.cookie, "x-csrf-token": who.csrf } });
const verifyPath = (merchantId: string, userId: string) => `/admin/api/merchants/${merchantId}/members/${userId}/verify-email`;

/** A sign-up whose confirmation mail never arrived: the user, its merchant, and a browser that cannot sign in yet. */
async function stuckSignUp() {
  const email = uniqueEmail("stuck");
  const browser = new AuthBrowser();
  expect((await browser.post("/sign-up/email", { name: "Awa Diop", email, password: PASSWORD, businessName: "Boutique sans mail", callbackURL: "/test/dashboard" })).status).toBe(200);
  const user = await db().user.findUniqueOrThrow({ where: { email }, include: { members: true } });
  return { email, userId: user.id, merchantId: user.members[0].organizationId };
}

const signIn = (email: string) => new AuthBrowser().post("/sign-in/email", { email, password: PASSWORD });
const audits = (userId: string) => db().auditEntry.findMany({ where: { targetId: userId, action: "member.email_verified" } });

beforeAll(async () => {
  support = await staffSession("support");
  admin = await staffSession("admin");
});

describe("confirming a member's e-mail from the support view", () => {
  it("the merchant's page lists its members and whether each has confirmed their e-mail", async () => {
    const stuck = await stuckSignUp();
    const detail = await call("GET", `/admin/api/merchants/${stuck.merchantId}`, as(support));
    expect(detail.status).toBe(200);
    expect(detail.body.members).toEqual([expect.objectContaining({ userId: stuck.userId, email: stuck.email, role: "owner", emailVerified: false })]);
  });

  it("a support account (read-only) cannot: 403/40001, the account stays locked, nothing audited", async () => {
    const stuck = await stuckSignUp();
    const refused = await call("POST", verifyPath(stuck.merchantId, stuck.userId), as(support));
    expect([refused.status, refused.body.error.code]).toEqual([403, 40001]);
    // No staff session, or no CSRF token: refused too.
    expect((await call("POST", verifyPath(stuck.merchantId, stuck.userId))).status).toBe(401);
    expect((await call("POST", verifyPath(stuck.merchantId, stuck.userId), { headers: { cookie: admin.cookie } })).status).toBe(403);
    expect((await db().user.findUniqueOrThrow({ where: { id: stuck.userId } })).emailVerified).toBe(false);
    expect((await signIn(stuck.email)).status).toBe(403);
    expect(await audits(stuck.userId)).toEqual([]);
  });

  it("an admin cannot reach a user through another merchant's id: 404, nothing changed", async () => {
    const stuck = await stuckSignUp();
    const other = await newMerchant();
    const answer = await call("POST", verifyPath(other.id, stuck.userId), as(admin));
    expect([answer.status, answer.body.error.code]).toEqual([404, 40004]);
    expect((await db().user.findUniqueOrThrow({ where: { id: stuck.userId } })).emailVerified).toBe(false);
  });

  it("an admin confirms it: the member signs in, the audit log says who did it; a second time changes nothing", async () => {
    const stuck = await stuckSignUp();
    expect((await signIn(stuck.email)).status).toBe(403);
    const done = await call("POST", verifyPath(stuck.merchantId, stuck.userId), as(admin));
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ userId: stuck.userId, email: stuck.email, emailVerified: true, alreadyVerified: false });
    expect((await signIn(stuck.email)).status).toBe(200);
    expect(await audits(stuck.userId)).toEqual([
      expect.objectContaining({ staffId: admin.id, targetType: "user", details: { merchantId: stuck.merchantId, email: stuck.email } }),
    ]);
    const again = await call("POST", verifyPath(stuck.merchantId, stuck.userId), as(admin));
    expect(again.body.alreadyVerified).toBe(true);
    expect(await audits(stuck.userId)).toHaveLength(1);
  });
});
