// Support staff are better-auth users with a staff role: /admin signs in through better-auth, reads
// its sessions, and still accepts the password hashes of the former hand-written sign-in.
import { describe, expect, it } from "vitest";
import { createStaff } from "@/lib/features/staff/create-staff";
import { auth } from "@/lib/features/auth/auth";
import { isLegacyStaffHash } from "@/lib/features/auth/legacy-staff-password";
import { memberOfSession } from "@/lib/features/auth/session-member";
import { db } from "@/lib/core/db/client";
import { call } from "../helpers/api-client";
import { AuthBrowser, PASSWORD, signedUpMerchant, uniqueEmail } from "../helpers/auth-session";
import { STAFF_PASSWORD, staffSession } from "../helpers/staff-session";

// Written by the former lib/features/admin/passwords.ts for "correct horse battery" (as migrated Staff rows hold).
const OLD_HASH =
  "scrypt$16384$8$1$oAf3CebUYbD6I131CjIwgQ==$yGRyd51LYHqknvmlvEK/L9NkP9i4zucsyfI6ZcNJcUcrgeJ4aM10JomRW0yTcEJDYNwvQu3p3ovoFgvaz1XNOg==";

let n = 0;
const signIn = (email: string, password: string) =>
  call("POST", "/admin/api/session", { body: { email, password }, headers: { "x-forwarded-for": `198.18.7.${++n}` } });
const cookieOf = (res: { headers: Headers }) => res.headers.get("set-cookie")!.split(";")[0];
const whoAmI = (cookie: string) => call("GET", "/admin/api/session", { headers: { cookie } });
const credentialOf = (userId: string) => db().account.findFirstOrThrow({ where: { userId, providerId: "credential" } });

describe("staff passwords", () => {
  it("a migrated scrypt hash signs in, and is rewritten in better-auth's format", async () => {
    const email = `legacy-${Date.now()}@support.example`;
    const { staff } = await createStaff(db(), { email, role: "admin", password: STAFF_PASSWORD });
    await db().account.updateMany({ where: { userId: staff.id, providerId: "credential" }, data: { password: OLD_HASH } });

    expect((await signIn(email, "correct horse batter")).status).toBe(401);
    expect((await credentialOf(staff.id)).password).toBe(OLD_HASH);
    const first = await signIn(email, "correct horse battery");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ email, role: "admin", mustChangePassword: false });
    const rewritten = (await credentialOf(staff.id)).password!;
    expect(isLegacyStaffHash(rewritten)).toBe(false);
    // better-auth's own format now: the same password still signs in, here and on the dashboard's endpoint.
    expect((await signIn(email, "correct horse battery")).status).toBe(200);
    const browser = new AuthBrowser();
    expect((await browser.post("/sign-in/email", { email, password: "correct horse battery" })).status).toBe(200);
  });

  it("a migrated hash verifies through better-auth's own sign-in too (the configured verify)", async () => {
    const email = `legacy-ba-${Date.now()}@support.example`;
    const { staff } = await createStaff(db(), { email, role: "support", password: STAFF_PASSWORD });
    await db().account.updateMany({ where: { userId: staff.id, providerId: "credential" }, data: { password: OLD_HASH } });
    const browser = new AuthBrowser();
    expect((await browser.post("/sign-in/email", { email, password: "wrong password here" })).status).toBe(401);
    expect((await browser.post("/sign-in/email", { email, password: "correct horse battery" })).status).toBe(200);
  });
});

describe("who the support view lets in", () => {
  it("a merchant's user gets no admin access, signed in on the dashboard or trying /admin", async () => {
    const { browser, email } = await signedUpMerchant();
    const session = await browser.session();
    expect(session?.user.email).toBe(email);
    const dashboardCookie = browser.cookieHeader();
    const me = await whoAmI(dashboardCookie);
    expect([me.status, me.body.error.code]).toEqual([401, 40002]);
    const overview = await call("GET", "/admin/api/overview", { headers: { cookie: dashboardCookie } });
    expect(overview.status).toBe(401);

    const sessionsBefore = await db().session.count({ where: { user: { email } } });
    const refused = await signIn(email, PASSWORD);
    expect([refused.status, refused.body.error.code]).toEqual([401, 40002]);
    expect(refused.headers.get("set-cookie")).toBeNull();
    expect(await db().session.count({ where: { user: { email } } })).toBe(sessionsBefore);
  });

  it("nobody makes themselves staff through better-auth's endpoints (sign-up, update-user)", async () => {
    const email = uniqueEmail("climber");
    const browser = new AuthBrowser();
    await browser.post("/sign-up/email", { name: "Eve", email, password: PASSWORD, businessName: "Eve Shop", staffRole: "admin", mustChangePassword: false });
    const signedUp = await db().user.findUnique({ where: { email } });
    expect(signedUp?.staffRole ?? null).toBeNull();
    const { browser: member, email: memberEmail } = await signedUpMerchant();
    await member.post("/update-user", { staffRole: "admin", disabledAt: null });
    expect((await db().user.findUniqueOrThrow({ where: { email: memberEmail } })).staffRole).toBeNull();
    expect((await whoAmI(member.cookieHeader())).status).toBe(401);
  });

  it("a staff user signed in at /admin gets nothing of the merchant dashboard", async () => {
    const staff = await staffSession("admin");
    const row = await db().session.findFirstOrThrow({ where: { userId: staff.id } });
    expect(row.activeOrganizationId).toBeNull();
    expect(await memberOfSession({ id: staff.id, email: staff.email, name: "" }, null)).toBeNull();
    // No merchant was opened for the staff user, and the dashboard's endpoints do not even read
    // the support view's cookie (tests/staff/surfaces.integration.test.ts has the rest).
    expect(await db().member.count({ where: { userId: staff.id } })).toBe(0);
    const browser = new AuthBrowser();
    const [name, value] = staff.cookie.split("=");
    browser.cookies.set(name, value);
    expect((await browser.get("/organization/list")).status).toBe(401);
  });

  it("refuses a disabled staff member: the open session and a new sign-in", async () => {
    const staff = await staffSession("support");
    expect((await whoAmI(staff.cookie)).status).toBe(200);
    await db().user.update({ where: { id: staff.id }, data: { disabledAt: new Date() } });
    expect((await whoAmI(staff.cookie)).status).toBe(401);
    const again = await signIn(staff.email, STAFF_PASSWORD);
    expect([again.status, again.body.error.code]).toEqual([401, 40002]);
  });

  it("a session revoked through better-auth stops working at once; the others stay", async () => {
    const staff = await staffSession("support");
    const other = await signIn(staff.email, STAFF_PASSWORD);
    expect(other.status).toBe(200);
    const token = decodeURIComponent(staff.cookie.split("=")[1]).split(".")[0];
    await (await auth().$context).internalAdapter.deleteSession(token);
    expect((await whoAmI(staff.cookie)).status).toBe(401);
    expect((await whoAmI(cookieOf(other))).status).toBe(200);
  });

  it("a session older than the support view's 8 hours is refused there", async () => {
    const staff = await staffSession("support");
    expect((await whoAmI(staff.cookie)).status).toBe(200);
    await db().session.updateMany({ where: { userId: staff.id }, data: { createdAt: new Date(Date.now() - 8 * 60 * 60 * 1000 - 1000) } });
    expect((await whoAmI(staff.cookie)).status).toBe(401);
  });

  it("the CSRF token belongs to its session: another session's token is refused", async () => {
    const a = await staffSession("admin");
    const b = await staffSession("admin");
    expect(a.csrf).not.toBe(b.csrf);
    const res = await call("POST", "/admin/api/password", {
      body: { currentPassword: STAFF_PASSWORD, newPassword: "another long passphrase", confirmation: "another long passphrase" },
      headers: { cookie: a.cookie, "x-csrf-token": b.csrf },
    });
    expect(res.status).toBe(403);
  });
});
