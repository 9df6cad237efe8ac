// A support-view session's token copied into the dashboard's cookie verifies (both better-auth
// instances sign with one secret, lib/features/staff/staff-auth.ts), so every dashboard entry must refuse
// it as it refuses a signed-out browser: each page, download and server action found in the app
// tree is called as Next would call it, with that cookie (lib/features/auth/dashboard-session.ts).
import { beforeAll, describe, expect, it, vi } from "vitest";
import { makeStaff } from "@/lib/features/staff/create-staff";
import { isPublicDashboardPage } from "@/lib/features/auth/redirect-target";
import { createLinkFromForm } from "@/lib/surfaces/dashboard/create-link-from-form";
import { db } from "@/lib/core/db/client";
import { call, ORIGIN } from "../helpers/api-client";
import { PASSWORD, signedUpMerchant, uniqueEmail } from "../helpers/auth-session";
import { dashboardDownloads, dashboardPages, dashboardServerActions } from "../helpers/dashboard-tree";
import { browseWith, elementsOf, nextRequest, redirectOf } from "../helpers/next-request";
import { STAFF_PASSWORD, staffSession } from "../helpers/staff-session";

vi.mock("next/headers", async () => (await import("../helpers/next-request")).nextHeaders);
vi.mock("next/cache", async () => (await import("../helpers/next-request")).nextCache);
vi.mock("next-intl/server", async () => (await import("../helpers/next-request")).nextIntlServer());

/** The value of the support view's session cookie after signing in at /admin. */
async function supportToken(email: string, password: string) {
  const res = await call("POST", "/admin/api/session", { body: { email, password }, headers: { "x-forwarded-for": "198.18.27.7" } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const pair = res.headers.getSetCookie().find((c) => c.startsWith("pcs-support.session_token="))!;
  return pair.split(";")[0].slice("pcs-support.session_token=".length);
}

/** The next request carries a support token in the dashboard's cookie. */
const asSupport = (token: string) => browseWith(`better-auth.session_token=${token}`);

const toSignIn = /^\/dashboard\/sign-in(\?|$)/;

// The forms before a session exists, and sign-out (it ends whatever session the cookie holds).
const READ_NO_SESSION = new Set(["signUpAction", "signInAction", "verifyTotpAction", "resendVerificationAction", "forgotPasswordAction", "resetPasswordAction", "signOutAction"]);

/** The merchant's owner, who also works in support: the support token would act as an owner anywhere it got through. */
let owner: { email: string; userId: string; merchantId: string; dashboardCookie: string; token: string; linkReference: string; invitationId: string };
/** A support account with no merchant (the one /dashboard/start opened a business for). */
let staffOnly: { id: string; token: string };

beforeAll(async () => {
  const { browser, email } = await signedUpMerchant({ businessName: "Owner in support" });
  const user = await db().user.findUniqueOrThrow({ where: { email }, include: { members: true } });
  expect((await makeStaff(db(), { email, role: "support" })).outcome).toBe("granted");
  const merchantId = user.members[0].organizationId;
  const link = await createLinkFromForm(db(), { merchantId, environment: "sandbox" }, { amount: "1000", currency: "XOF", description: "Cake" });
  // An invitation to another merchant waiting for the owner's e-mail.
  const other = await signedUpMerchant({ businessName: "Inviting shop" });
  const invited = await other.browser.post("/organization/invite-member", { email, role: "admin" });
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  owner = { email, userId: user.id, merchantId, dashboardCookie: browser.cookieHeader(), token: await supportToken(email, PASSWORD), linkReference: link.reference, invitationId: invited.body.id };

  const staff = await staffSession("support");
  staffOnly = { id: staff.id, token: await supportToken(staff.email, STAFF_PASSWORD) };
});

/** What a support token reaching any entry would have changed. */
async function footprint() {
  const [members, invitation, twoFactor, sessions, merchant, keys, links, staffMembers, merchants, passwords] = await Promise.all([
    db().member.findMany({ where: { userId: owner.userId }, select: { organizationId: true, role: true }, orderBy: { organizationId: "asc" } }),
    db().invitation.findUniqueOrThrow({ where: { id: owner.invitationId }, select: { status: true } }),
    db().twoFactor.count({ where: { userId: { in: [owner.userId, staffOnly.id] } } }),
    db().session.findMany({ where: { userId: { in: [owner.userId, staffOnly.id] }, surface: "admin" }, select: { id: true, activeOrganizationId: true }, orderBy: { id: "asc" } }),
    db().merchant.findUniqueOrThrow({ where: { id: owner.merchantId }, select: { name: true, webhookSecret: true } }),
    db().apiKey.count({ where: { merchantId: owner.merchantId } }),
    db().paymentLink.count({ where: { merchantId: owner.merchantId } }),
    db().member.count({ where: { userId: staffOnly.id } }),
    db().merchant.count(),
    db().account.findMany({ where: { userId: owner.userId }, select: { password: true }, orderBy: { id: "asc" } }),
  ]);
  return { members, invitation, twoFactor, sessions, merchant, keys, links, staffMembers, merchants, passwords };
}

describe("a support session in the dashboard's cookie", () => {
  it("cannot open a business from /dashboard/start", async () => {
    const { openOwnBusinessAction } = await import("@/app/dashboard/(auth)/start/actions");
    const form = new FormData();
    form.set("businessName", "Opened by a support token");
    asSupport(staffOnly.token);
    expect(await redirectOf(() => openOwnBusinessAction(form))).toMatch(toSignIn);
    expect(await db().member.count({ where: { userId: staffOnly.id } })).toBe(0);
    expect(await db().merchant.count({ where: { name: "Opened by a support token" } })).toBe(0);
  });

  it("opens no page: each sends it to sign-in, or shows the signed-out page", async () => {
    const { acceptInvitationAction } = await import("@/app/dashboard/(auth)/actions");
    const params = { reference: owner.linkReference, id: owner.invitationId };
    const answered: Record<string, string> = {};
    const expected: Record<string, unknown> = {};
    for (const page of dashboardPages()) {
      const render = (await import(page.file)).default as (props: unknown) => Promise<unknown>;
      const props = { params: Promise.resolve(params), searchParams: Promise.resolve({}) };
      let shown: unknown;
      asSupport(owner.token);
      const target = await redirectOf(async () => (shown = await render(props)));
      // An account page (sign-in, the invitation...) answers as for a signed-out visitor, without
      // offering to accept the owner's invitation; every other page sends it to sign-in.
      const offersInvitation = elementsOf(shown, "form").some((form) => form.action === acceptInvitationAction);
      answered[page.route] = target ?? (offersInvitation ? "shown, with the invitation to accept" : "shown signed out");
      expected[page.route] = isPublicDashboardPage(page.route) ? "shown signed out" : expect.stringMatching(toSignIn);
    }
    // The dashboard's shell (the layout every merchant page sits in) too.
    const layout = (await import("@/app/dashboard/(app)/layout")).default;
    answered["(app)/layout"] = (await redirectOf(() => layout({ children: null }))) ?? "shown";
    expected["(app)/layout"] = expect.stringMatching(toSignIn);
    expect(answered).toEqual(expected);
  });

  it("runs no server action: each sends it to sign-in, and nothing changed", async () => {
    const before = await footprint();
    const form = new FormData();
    const fields = {
      businessName: "Opened by a support token", invitationId: owner.invitationId, merchantId: owner.merchantId, path: "/dashboard",
      intent: "enable", password: PASSWORD, name: "Renamed by a support token", scopes: "transfers:write", amount: "1000", currency: "XOF",
      description: "By a support token", email: uniqueEmail("by-support"), role: "owner", url: "https://hooks.example.invalid/support",
      currentPassword: PASSWORD, newPassword: "changed by a support token", confirmation: "changed by a support token", signOutOthers: "on",
    };
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const actions = (await dashboardServerActions()).filter((a) => !READ_NO_SESSION.has(a.name));
    expect(actions.map((a) => a.name)).toEqual(expect.arrayContaining(["openOwnBusinessAction", "acceptInvitationAction", "twoFactorAction", "createKeyAction"]));
    const answered: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const action of actions) {
      asSupport(action.name === "openOwnBusinessAction" ? staffOnly.token : owner.token);
      let state: unknown;
      const target = await redirectOf(async () => (state = await (action.run.length === 2 ? action.run(null, form) : action.run(form))));
      answered[action.name] = target ?? `answered ${JSON.stringify(state).slice(0, 60)}`;
      // acceptInvitationAction goes back to its page, which then offers to sign in.
      expected[action.name] = expect.stringMatching(action.name === "acceptInvitationAction" ? /^\/dashboard\/accept-invitation\/[^?]+$/ : toSignIn);
    }
    expect(answered).toEqual(expected);
    expect(await footprint()).toEqual(before);
  });

  it("downloads nothing: 401 in the spec's envelope", async () => {
    for (const download of dashboardDownloads()) {
      const { GET } = (await import(download.file)) as { GET: (request: Request, context: unknown) => Promise<Response> };
      const url = `${ORIGIN}/test${download.route.replace("[reference]", owner.linkReference)}`;
      asSupport(owner.token);
      const res = await GET(new Request(url, { headers: nextRequest.headers }), { params: Promise.resolve({ reference: owner.linkReference }) });
      expect(res.status, download.route).toBe(401);
      expect((await res.json()).error.code).toBe(40002);
    }
  });

  it("while the owner's own dashboard cookie opens the same pages", async () => {
    browseWith(owner.dashboardCookie);
    const balance = (await import("@/app/dashboard/(app)/balance/page")).default;
    expect(await redirectOf(() => balance({ searchParams: Promise.resolve({}) }))).toBeNull();
    const start = (await import("@/app/dashboard/(auth)/start/page")).default;
    // A member has a merchant: the start page sends them on to it.
    expect(await redirectOf(() => start({ searchParams: Promise.resolve({}) }))).toBe("/dashboard");
  });
});
