// The support view and the dashboard hold separate better-auth sessions (lib/features/staff/staff-auth.ts),
// /admin asks for the second factor of an account that turned it on, and staff are made from
// existing accounts and disabled from the command line (lib/features/staff/create-staff.ts, disable-staff.ts).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { makeStaff } from "@/lib/features/staff/create-staff";
import { setStaffDisabled } from "@/lib/features/staff/disable-staff";
import { db } from "@/lib/core/db/client";
import { call } from "../helpers/api-client";
import { AuthBrowser, PASSWORD, signedUpMerchant } from "../helpers/auth-session";

let ip = 0;

/** A browser on /admin: the cookies the support view's answers set, sent back. */
class SupportBrowser {
  readonly cookies = new Map<string, string>();

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async send(method: string, pathname: string, body?: Record<string, string>, form = false) {
    const headers: Record<string, string> = { "x-forwarded-for": `198.18.9.${++ip % 250}` };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const payload = body === undefined ? {} : form ? { rawBody: new URLSearchParams(body).toString(), headers: { ...headers, "content-type": "application/x-www-form-urlencoded" } } : { body };
    const res = await call(method, pathname, { headers, ...payload });
    for (const setCookie of res.headers.getSetCookie()) {
      const [pair, ...attributes] = setCookie.split(";");
      const [name, ...value] = pair.trim().split("=");
      if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value.join("=") === "") this.cookies.delete(name);
      else this.cookies.set(name, value.join("="));
    }
    return res;
  }

  signIn(email: string, password: string, form = false) {
    return this.send("POST", "/admin/api/session", { email, password }, form);
  }

  code(code: string, form = false) {
    return this.send("POST", "/admin/api/session/two-factor", { code }, form);
  }

  whoAmI() {
    return this.send("GET", "/admin/api/session");
  }
}

/** A merchant's owner (signed in on the dashboard) who also works in support. */
async function memberAndStaff(role: "support" | "admin" = "support") {
  const { browser, email } = await signedUpMerchant();
  const made = await makeStaff(db(), { email, role });
  expect(made.outcome).toBe("granted");
  return { dashboard: browser, email, id: made.staff.id };
}

/** Turns TOTP on from the dashboard, as its security page does: the secret and the backup codes. */
async function withTotp(dashboard: AuthBrowser) {
  const enabled = await dashboard.post("/two-factor/enable", { password: PASSWORD });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  const secret = new URL(enabled.body.totpURI).searchParams.get("secret")!;
  expect((await dashboard.post("/two-factor/verify-totp", { code: await generate({ secret }) })).status).toBe(200);
  return { secret, backupCodes: enabled.body.backupCodes as string[] };
}

const wrongCode = async (secret: string) => ((await generate({ secret })) === "000000" ? "111111" : "000000");
const supportSessions = (userId: string) => db().session.count({ where: { userId, surface: "admin" } });

describe("separate sessions for the support view and the dashboard", () => {
  it("signing out of /admin leaves the dashboard signed in, and the reverse", async () => {
    const { dashboard, email, id } = await memberAndStaff();
    const admin = new SupportBrowser();
    expect((await admin.signIn(email, PASSWORD)).status).toBe(200);
    // Two cookies of different names, the support view's only sent under /admin.
    const [supportCookie] = [...admin.cookies.keys()];
    expect(supportCookie).toBe("pcs-support.session_token");
    expect([...dashboard.cookies.keys()]).toContain("better-auth.session_token");
    expect(await supportSessions(id)).toBe(1);

    expect((await admin.send("DELETE", "/admin/api/session")).status).toBe(204);
    // Only the known-device cookie stays (lib/features/auth/known-device.ts): it is the browser's, not the session's.
    expect([...admin.cookies.keys()].filter((name) => !name.startsWith("pcs_device_"))).toEqual([]);
    expect((await admin.whoAmI()).status).toBe(401);
    expect((await dashboard.session())?.user.email).toBe(email);

    expect((await admin.signIn(email, PASSWORD)).status).toBe(200);
    expect((await dashboard.post("/sign-out")).status).toBe(200);
    expect(await dashboard.session()).toBeNull();
    expect((await admin.whoAmI()).body).toMatchObject({ email, role: "support" });
  });

  it("a dashboard session never opens /admin, even in the support view's cookie", async () => {
    const { dashboard, email } = await memberAndStaff("admin");
    const token = dashboard.cookies.get("better-auth.session_token")!;
    const me = await call("GET", "/admin/api/session", { headers: { cookie: `pcs-support.session_token=${token}` } });
    expect([me.status, me.body.error.code]).toEqual([401, 40002]);
    // And the dashboard's cookie itself is not read there.
    expect((await call("GET", "/admin/api/overview", { headers: { cookie: dashboard.cookieHeader() } })).status).toBe(401);
    const row = await db().session.findFirstOrThrow({ where: { user: { email } } });
    expect(row.surface).toBeNull();
  });

  it("a support session carries no merchant and is marked as the support view's", async () => {
    const { email, id } = await memberAndStaff();
    const admin = new SupportBrowser();
    expect((await admin.signIn(email, PASSWORD)).status).toBe(200);
    const row = await db().session.findFirstOrThrow({ where: { userId: id, surface: "admin" } });
    expect(row.activeOrganizationId).toBeNull();
    // Its lifetime is the support view's 8 hours, not the dashboard's week, and it is never extended.
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(8 * 60 * 60 * 1000 + 1000);
    // The dashboard's endpoints do not read the support view's cookie.
    const elsewhere = new AuthBrowser();
    elsewhere.cookies.set("pcs-support.session_token", admin.cookies.get("pcs-support.session_token")!);
    expect(await elsewhere.session()).toBeNull();
    // Nor do they take a support token copied into their own cookie (it verifies: one secret).
    const copied = new AuthBrowser();
    copied.cookies.set("better-auth.session_token", admin.cookies.get("pcs-support.session_token")!);
    expect(await copied.session()).toBeNull();
    expect((await copied.post("/two-factor/enable", { password: PASSWORD })).status).toBe(401);
    expect(await db().twoFactor.count({ where: { userId: id } })).toBe(0);
    // The support session itself is untouched, and a dashboard session still works there.
    expect((await admin.whoAmI()).status).toBe(200);
  });
});

describe("two-factor sign-in at /admin", () => {
  it("asks for the app's code after the password, refuses a wrong one, accepts the right one", async () => {
    const { dashboard, email, id } = await memberAndStaff();
    const { secret } = await withTotp(dashboard);
    const admin = new SupportBrowser();

    const first = await admin.signIn(email, PASSWORD);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactorRequired: true });
    expect(admin.cookies.has("pcs-support.two_factor")).toBe(true);
    expect(admin.cookies.has("pcs-support.session_token")).toBe(false);
    expect(await supportSessions(id)).toBe(0);
    expect((await admin.whoAmI()).status).toBe(401);

    const wrong = await admin.code(await wrongCode(secret));
    expect([wrong.status, wrong.body.error.code]).toEqual([400, 40019]);
    expect(await supportSessions(id)).toBe(0);

    const right = await admin.code(await generate({ secret }));
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body).toMatchObject({ email, role: "support", mustChangePassword: false });
    expect(typeof right.body.csrfToken).toBe("string");
    expect((await admin.whoAmI()).body).toMatchObject({ email, csrfToken: right.body.csrfToken });
    expect(await supportSessions(id)).toBe(1);
    // The dashboard's session is untouched by all this.
    expect((await dashboard.session())?.user.email).toBe(email);
  });

  it("accepts a backup code once", async () => {
    const { dashboard, email } = await memberAndStaff();
    const { backupCodes } = await withTotp(dashboard);
    const admin = new SupportBrowser();
    expect((await admin.signIn(email, PASSWORD)).body).toEqual({ twoFactorRequired: true });
    expect((await admin.code(backupCodes[0])).status).toBe(200);
    expect((await admin.whoAmI()).status).toBe(200);

    const again = new SupportBrowser();
    expect((await again.signIn(email, PASSWORD)).body).toEqual({ twoFactorRequired: true });
    const reused = await again.code(backupCodes[0]);
    expect([reused.status, reused.body.error.code]).toEqual([400, 40019]);
    expect((await again.code(` ${backupCodes[1]} `)).status).toBe(200);
  });

  it("without a pending sign-in a code opens nothing; an empty one is a validation error", async () => {
    const { dashboard, email } = await memberAndStaff();
    const { secret } = await withTotp(dashboard);
    const nobody = await new SupportBrowser().code(await generate({ secret }));
    expect([nobody.status, nobody.body.error.code]).toEqual([401, 40002]);
    const admin = new SupportBrowser();
    await admin.signIn(email, PASSWORD);
    const empty = await admin.code("");
    expect([empty.status, empty.body.error.code]).toEqual([400, 40023]);
  });

  it("the form goes back to the code step on a wrong code, and to the console on a right one", async () => {
    const { dashboard, email } = await memberAndStaff();
    const { secret } = await withTotp(dashboard);
    const admin = new SupportBrowser();
    const first = await admin.signIn(email, PASSWORD, true);
    expect([first.status, first.headers.get("location")]).toEqual([303, "/admin/login?step=two-factor"]);
    const wrong = await admin.code(await wrongCode(secret), true);
    expect([wrong.status, wrong.headers.get("location")]).toEqual([303, "/admin/login?step=two-factor&error=code"]);
    const right = await admin.code(await generate({ secret }), true);
    expect([right.status, right.headers.get("location")]).toEqual([303, "/admin"]);
    expect((await admin.whoAmI()).status).toBe(200);
  });

  it("five wrong codes end the pending sign-in, as on the dashboard", async () => {
    const { dashboard, email } = await memberAndStaff();
    const { secret } = await withTotp(dashboard);
    const admin = new SupportBrowser();
    await admin.signIn(email, PASSWORD);
    const bad = await wrongCode(secret);
    for (let i = 0; i < 5; i++) expect((await admin.code(bad)).status).toBe(400);
    const sixth = await admin.code(await generate({ secret }));
    expect([sixth.status, sixth.body.error.code]).toEqual([429, 42900]);
    expect((await admin.whoAmI()).status).toBe(401);
    // The password is asked again, and then the right code works.
    await admin.signIn(email, PASSWORD);
    expect((await admin.code(await generate({ secret }))).status).toBe(200);
  });
});

describe("staff:create on an existing account", () => {
  it("grants the role without touching the password, and refuses someone already staff", async () => {
    const { email, id } = await memberAndStaff();
    const before = await db().account.findFirstOrThrow({ where: { userId: id, providerId: "credential" } });
    const user = await db().user.findUniqueOrThrow({ where: { id } });
    expect([user.staffRole, user.mustChangePassword]).toEqual(["support", false]);
    // The member's own password signs in at /admin, and still on the dashboard.
    expect((await new SupportBrowser().signIn(email, PASSWORD)).status).toBe(200);
    expect((await new AuthBrowser().post("/sign-in/email", { email, password: PASSWORD })).status).toBe(200);
    expect((await db().account.findFirstOrThrow({ where: { id: before.id } })).password).toBe(before.password);
    expect(await db().auditEntry.count({ where: { targetId: id, action: "staff.granted" } })).toBe(1);
    // No second merchant, no second account.
    expect(await db().member.count({ where: { userId: id } })).toBe(1);

    await expect(makeStaff(db(), { email, role: "admin" })).rejects.toThrow(/already staff \(support\).*--change-role/);
    const changed = await makeStaff(db(), { email, role: "admin", changeRole: true });
    expect(changed).toMatchObject({ outcome: "roleChanged", staff: { role: "admin" } });
    expect(changed.password).toBeUndefined();
    expect((await db().user.findUniqueOrThrow({ where: { id } })).staffRole).toBe("admin");
  });

  it("replaces the password when one is given, ending the sessions opened with the old one", async () => {
    const { browser, email } = await signedUpMerchant();
    expect(await browser.session()).not.toBeNull();
    const made = await makeStaff(db(), { email, role: "admin", password: "a new support passphrase" });
    expect(made.outcome).toBe("granted");
    expect(await browser.session()).toBeNull();
    expect((await new SupportBrowser().signIn(email, PASSWORD)).status).toBe(401);
    expect((await new SupportBrowser().signIn(email, "a new support passphrase")).body).toMatchObject({ role: "admin", mustChangePassword: false });
  });
});

describe("staff:disable", () => {
  it("ends the open support sessions at once, keeps the dashboard's, and --enable undoes it", async () => {
    const { dashboard, email, id } = await memberAndStaff();
    const admin = new SupportBrowser();
    expect((await admin.signIn(email, PASSWORD)).status).toBe(200);

    const disabled = await setStaffDisabled(db(), { email: email.toUpperCase(), disabled: true });
    expect(disabled).toMatchObject({ changed: true, sessionsEnded: 1 });
    expect((await admin.whoAmI()).status).toBe(401);
    expect(await supportSessions(id)).toBe(0);
    expect((await dashboard.session())?.user.email).toBe(email);
    expect((await admin.signIn(email, PASSWORD)).status).toBe(401);
    expect(await setStaffDisabled(db(), { email, disabled: true })).toMatchObject({ changed: false, sessionsEnded: 0 });

    expect(await setStaffDisabled(db(), { email, disabled: false })).toMatchObject({ changed: true, disabledAt: null });
    expect((await admin.signIn(email, PASSWORD)).status).toBe(200);
    const audit = await db().auditEntry.findMany({ where: { targetId: id, action: { in: ["staff.disabled", "staff.enabled"] } }, orderBy: { createdAt: "asc" } });
    expect(audit.map((entry) => [entry.action, (entry.details as { sessionsEnded: number }).sessionsEnded])).toEqual([
      ["staff.disabled", 1],
      ["staff.enabled", 0],
    ]);
  });

  it("refuses an unknown e-mail and a user who is not staff", async () => {
    await expect(setStaffDisabled(db(), { email: "nobody-here@support.example", disabled: true })).rejects.toThrow(/No account uses/);
    const { email } = await signedUpMerchant();
    await expect(setStaffDisabled(db(), { email, disabled: true })).rejects.toThrow(/is not staff/);
  });
});

// The commands as an operator runs them, as separate processes (the embedded database allows one
// process at a time, so on PGlite the test runner's own database cannot be shared with them).
function run(script: string, args: string[]) {
  const tsx = path.join(process.cwd(), "node_modules", ".bin", "tsx");
  return spawnSync(tsx, [`scripts/${script}.ts`, ...args], { env: process.env, encoding: "utf8", timeout: 90_000 });
}

describe.skipIf(!process.env.DATABASE_URL)("the staff commands", () => {
  it("staff:create says it granted the role and left the password; staff:disable and --enable say what they did", async () => {
    const { email } = await signedUpMerchant();
    const granted = run("staff-create", ["--email", email, "--role", "support"]);
    expect(granted.stderr).toBe("");
    expect(granted.stdout).toBe(`${email} already had an account: it is now staff (support).\nIts password is unchanged.\n`);

    const admin = new SupportBrowser();
    expect((await admin.signIn(email, PASSWORD)).status).toBe(200);
    const disabled = run("staff-disable", ["--email", email]);
    expect([disabled.status, disabled.stdout]).toEqual([0, `${email} is disabled: 1 support session(s) ended.\n`]);
    expect((await admin.whoAmI()).status).toBe(401);
    const enabled = run("staff-disable", ["--email", email, "--enable"]);
    expect([enabled.status, enabled.stdout]).toEqual([0, `${email} can sign in to the support view again.\n`]);
    expect(run("staff-disable", []).status).toBe(2);
  }, 180_000);
});
