// The role × permission matrix (lib/features/auth/member-permissions.ts): every role against every
// dashboard server action, page, download and API key scope, and against better-auth's own
// organization routes. The actions, pages and downloads are read from the app tree, the scopes
// from SCOPES and the permissions from MEMBER_ACTIONS, so a new one fails here until it is placed
// in the table. Each is run as Next runs it, with the member's session cookie, on the sandbox.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createMemberLogin } from "@/lib/features/auth/create-member-login";
import { can, canGrantRole, DASHBOARD_PAGES, keyScopesFor, MEMBER_ACTIONS, MEMBER_ROLES, type MemberAction, type MemberRole } from "@/lib/features/auth/member-permissions";
import { isPublicDashboardPage, NO_MERCHANT_PAGE } from "@/lib/features/auth/redirect-target";
import { createPageFromForm } from "@/lib/surfaces/dashboard/create-page-from-form";
import { createLinkFromForm } from "@/lib/surfaces/dashboard/create-link-from-form";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { createDashboardApiKey } from "@/lib/features/api-keys/manage-api-keys";
import { sendTestWebhook } from "@/lib/features/webhooks/manage-webhooks";
import { db } from "@/lib/core/db/client";
import { SCOPES } from "@/lib/core/domain/api-keys";
import { ORIGIN } from "../helpers/api-client";
import { type AuthBrowser, signedUpMerchant, uniqueEmail } from "../helpers/auth-session";
import { dashboardDownloads, dashboardPages, dashboardServerActions, type ServerAction } from "../helpers/dashboard-tree";
import { newKey, waitUntilSandboxAnswerIsDue } from "../helpers/fixtures";
import { approveTransferBatch } from "@/lib/features/transfers/batches/approve-batch";
import { createTransferBatch } from "@/lib/features/transfers/batches/create-batch";
import { sendDueBatchLines } from "@/lib/features/transfers/batches/send-batch-lines";
import { fundMerchant } from "../helpers/fund-merchant";
import { browseWith, elementsOf, nextRequest, redirectOf } from "../helpers/next-request";
import { FORM_TOKEN_FIELD, newFormToken } from "@/lib/core/domain/form-token";

vi.mock("next/headers", async () => (await import("../helpers/next-request")).nextHeaders);
vi.mock("next/cache", async () => (await import("../helpers/next-request")).nextCache);
vi.mock("next-intl/server", async () => (await import("../helpers/next-request")).nextIntlServer());

type Person = { role: MemberRole; userId: string; memberId: string; browser: AuthBrowser };
type Form = Record<string, string | string[]>;

let merchantId: string;
let scope: MerchantScope;
let people: Record<MemberRole, Person>;
let linkReference: string;
let depositReference: string;
let pageReference: string;
let batchReference: string;

async function person(role: MemberRole): Promise<Person> {
  const { browser, email } = await signedUpMerchant({ businessName: role === "owner" ? "Role matrix shop" : `Own shop of a ${role}` });
  const user = await db().user.findUniqueOrThrow({ where: { email }, include: { members: true } });
  if (role === "owner") return { role, userId: user.id, memberId: user.members[0].id, browser };
  const member = await db().member.create({ data: { id: randomUUID(), organizationId: merchantId, userId: user.id, role, createdAt: new Date() } });
  await db().session.updateMany({ where: { userId: user.id }, data: { activeOrganizationId: merchantId } });
  return { role, userId: user.id, memberId: member.id, browser };
}

beforeAll(async () => {
  const owner = await person("owner");
  merchantId = (await db().member.findUniqueOrThrow({ where: { id: owner.memberId } })).organizationId;
  scope = { merchantId, environment: "sandbox" };
  people = { owner, admin: await person("admin"), developer: await person("developer"), viewer: await person("viewer") };
  // A balance to pay out and refund from, a paid deposit and a link for their pages.
  const { key } = await newKey(merchantId, "sandbox");
  [depositReference] = await fundMerchant(key, [50_000]);
  linkReference = (await createLinkFromForm(db(), scope, { amount: "1000", currency: "XOF", description: "Matrix link" })).reference;
  batchReference = (await matrixBatch()).reference;
  pageReference = (await createPageFromForm(db(), scope, { description: "Matrix page", currency: "XOF", amountType: "customer_chooses" })).reference;
});

/** The next request is `who`'s, on the sandbox dashboard. */
const as = (who: Person) => browseWith(who.browser.cookieHeader());

const formData = (fields: Form) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(name, v);
  return form;
};

/** Runs a server action as `who`: done, refused (40001), or what else it answered. */
async function outcome(who: Person, action: ServerAction, fields: Form): Promise<string> {
  as(who);
  const form = formData(fields);
  let state: { error?: string; code?: number } | null = null;
  const target = await redirectOf(async () => {
    state = (await (action.run.length === 2 ? action.run(null, form) : action.run(form))) as typeof state;
  });
  // A redirect is the action's own (to the new link, back to the page): the member got through.
  if (target) return /^\/dashboard\/(sign-in|start)/.test(target) ? `sent to ${target}` : "done";
  const answer = state as { error?: string; code?: number } | null;
  if (!answer?.error) return "done";
  return answer.code === 40001 ? "refused" : `failed: ${answer.code} ${answer.error}`;
}

const expected = (allowed: boolean) => (allowed ? "done" : "refused");

// Fixtures each case acts on, made by the owner (or straight in the database) so that only the
// member's permission decides.
const ownerKey = async (scopes: (typeof SCOPES)[number][]) => (await createDashboardApiKey(db(), scope, "owner", { name: "Owner's key", scopes })).id;
async function teammate() {
  const user = await db().user.create({ data: { id: randomUUID(), email: uniqueEmail("teammate"), name: "Teammate", emailVerified: true } });
  return (await db().member.create({ data: { id: randomUUID(), organizationId: merchantId, userId: user.id, role: "viewer", createdAt: new Date() } })).id;
}
async function pendingInvitation() {
  const expiresAt = new Date(Date.now() + 86_400_000);
  return (await db().invitation.create({ data: { id: randomUUID(), organizationId: merchantId, email: uniqueEmail("invitee"), role: "viewer", status: "pending", expiresAt, inviterId: people.owner.userId } })).id;
}

/** A batch awaiting approval, made by a member who is none of the matrix's people. */
const matrixBatch = (phone = "+2250700000444") =>
  createTransferBatch(db(), {
    ...{ merchantId, environment: "sandbox" as const },
    maker: { userId: "usr_matrix_maker", apiKeyId: null },
    input: { items: [{ reference: randomUUID(), amount: 100, currency: "XOF", country: "CI", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: phone }] },
  });

/** A batch whose one line failed (the sandbox's 333), for the retry. */
async function batchWithAFailedLine() {
  const batch = await matrixBatch("+2250700000333");
  await approveTransferBatch(db(), { merchantId, environment: "sandbox", reference: batch.reference, approver: { userId: "usr_matrix_checker", apiKeyId: null } });
  await waitUntilSandboxAnswerIsDue();
  await sendDueBatchLines(db());
  return batch.reference;
}

/** Every server action of the merchant's dashboard, the permission it needs, and a form it accepts. */
async function newTeamAddress() {
  const email = `${randomUUID()}@example.com`;
  await createMemberLogin(db(), { merchant: { id: merchantId, name: "Role matrix shop" }, email, role: "viewer" });
  return email;
}

const MEMBER_ACTION_CASES: Record<string, { needs: MemberAction; form: () => Promise<Form> }> = {
  createKeyAction: { needs: "keys:manage", form: async () => ({ name: "Matrix key", scopes: ["links:read"] }) },
  createFirstKeyAction: { needs: "keys:manage", form: async () => ({ name: "Matrix first key" }) },
  regenerateKeyAction: { needs: "keys:manage", form: async () => ({ keyId: await ownerKey(["links:read"]), overlap: "0" }) },
  revokeKeyAction: { needs: "keys:manage", form: async () => ({ keyId: await ownerKey(["links:read"]) }) },
  rotateSecretAction: { needs: "webhooks:manage", form: async () => ({}) },
  sendTestEventAction: { needs: "webhooks:manage", form: async () => ({ url: "https://hooks.example.invalid/matrix" }) },
  replayDeliveryAction: { needs: "webhooks:manage", form: async () => ({ deliveryId: (await sendTestWebhook(db(), scope, "https://hooks.example.invalid/replay")).deliveryId }) },
  createLinkAction: { needs: "links:create", form: async () => ({ amount: "1000", currency: "XOF", description: "Matrix link" }) },
  createPageAction: { needs: "links:create", form: async () => ({ description: "Matrix page", currency: "XOF", amountType: "fixed", amount: "1000" }) },
  switchPageAction: { needs: "links:create", form: async () => ({ reference: pageReference, to: "inactive" }) },
  setPageSlugAction: { needs: "links:create", form: async () => ({ reference: pageReference, slug: `roles-${Math.random().toString(36).slice(2, 10)}` }) },
  duplicateLinkAction: { needs: "links:create", form: async () => ({ reference: linkReference }) },
  // In test mode a link is mailed only to a member: a new one each time, under the per-recipient limit.
  sendLinkAction: { needs: "links:create", form: async () => ({ reference: linkReference, channel: "email", to: await newTeamAddress() }) },
  requestTransferAction: {
    needs: "transfers:request",
    form: async () => ({ amount: "1000", currency: "XOF", gatewayName: "MTN_MOMO_CI", country: "CI", beneficiaryPhone: "+2250700000444" }),
  },
  // With the one-time token its page draws into the form (a new one for each try).
  refundPaymentAction: { needs: "refunds:create", form: async () => ({ paymentReference: depositReference, amount: "100", reason: "Matrix", [FORM_TOKEN_FIELD]: newFormToken() }) },
  // Bulk payouts (issue 49): a CSV checked, a batch approved (made by another member: no role approves its own), cancelled, its failed lines retried.
  checkBatchAction: { needs: "transfers:request", form: async () => ({ csv: `reference;amount;country;gatewayName;beneficiaryPhone\n${randomUUID()};100;CI;MTN_MOMO_CI;0700000444\n`, step: "check" }) },
  approveBatchAction: { needs: "transfers:approve", form: async () => ({ reference: (await matrixBatch()).reference }) },
  cancelBatchAction: { needs: "transfers:request", form: async () => ({ reference: (await matrixBatch()).reference }) },
  retryFailedLinesAction: { needs: "transfers:request", form: async () => ({ reference: await batchWithAFailedLine() }) },
  saveBatchApprovalAction: { needs: "settings:manage", form: async () => ({ selfApprovalMax: "", selfApprovalCurrency: "XOF" }) },
  saveSettingsAction: { needs: "settings:manage", form: async () => ({ name: "Role matrix shop", supportPhone: "", supportEmail: "", defaultLanguage: "" }) },
  inviteMemberAction: { needs: "team:manage", form: async () => ({ email: uniqueEmail("invited"), role: "viewer" }) },
  revokeInvitationAction: { needs: "team:manage", form: async () => ({ invitationId: await pendingInvitation() }) },
  changeRoleAction: { needs: "team:manage", form: async () => ({ memberId: await teammate(), role: "developer" }) },
  removeMemberAction: { needs: "team:manage", form: async () => ({ memberId: await teammate() }) },
  switchMerchantAction: { needs: "view", form: async () => ({ merchantId, path: "/test/dashboard" }) },
  // Payment alerts (issue 51): each member's own, whatever the role.
  saveAlertSettingsAction: { needs: "view", form: async () => ({ email: "on", phone: "" }) },
  // One request in review at a time: each role's try starts with none.
  requestActivationAction: {
    needs: "activation:request",
    form: async () => {
      await db().activationRequest.deleteMany({ where: { merchantId } });
      return { businessName: "Role matrix shop", businessKind: "individual", country: "CI", payoutPhone: "0700000444", contactName: "Awa", contactPhone: "0700000445", contactEmail: "awa@matrix.example" };
    },
  },
};

// A person's own account (sign-in, sign-up, password, second factor, invitations, opening a
// business): no merchant's permission, the same for every role; the surface test
// (dashboard-support-session) calls them.
const ACCOUNT_ACTIONS = [
  "acceptInvitationAction", "forgotPasswordAction", "resendVerificationAction", "resetPasswordAction", "signInAction", "signOutAction", "signUpAction", "verifyTotpAction",
  "twoFactorAction", "changePasswordAction", "revokeSessionAction", "revokeOtherSessionsAction", "acceptInvitationFromStartAction", "chooseMerchantAction", "declineInvitationAction", "openOwnBusinessAction",
];

describe("the matrix covers the code", () => {
  it("places every server action, page and download of the dashboard, and every permission", async () => {
    const actions = await dashboardServerActions();
    const merchantActions = actions.filter((a) => a.file.includes("/(app)/")).map((a) => a.name);
    expect(merchantActions.sort()).toEqual(Object.keys(MEMBER_ACTION_CASES).sort());
    expect(actions.filter((a) => !a.file.includes("/(app)/")).map((a) => a.name).sort()).toEqual([...ACCOUNT_ACTIONS].sort());
    // Each permission is what at least one action needs.
    expect(MEMBER_ACTIONS.filter((p) => !Object.values(MEMBER_ACTION_CASES).some((c) => c.needs === p))).toEqual([]);

    const accountPages = (route: string) => isPublicDashboardPage(route) || route === NO_MERCHANT_PAGE;
    const memberPages = [...dashboardPages(), ...dashboardDownloads()].map((p) => p.route).filter((route) => !accountPages(route));
    expect(memberPages.sort()).toEqual(Object.keys(DASHBOARD_PAGES).sort());
  });
});

describe("every role against every action", () => {
  it("runs an action only for the roles whose permission it needs", async () => {
    const actions = new Map((await dashboardServerActions()).map((a) => [a.name, a]));
    const answered: Record<string, string> = {};
    const wanted: Record<string, string> = {};
    for (const [name, { needs, form }] of Object.entries(MEMBER_ACTION_CASES)) {
      for (const role of MEMBER_ROLES) {
        answered[`${name} as ${role}`] = await outcome(people[role], actions.get(name)!, await form());
        wanted[`${name} as ${role}`] = expected(can(role, needs));
      }
    }
    expect(answered).toEqual(wanted);
  });
});

/** notFound()'s error (Next renders the segment's not-found page): the page answered. */
const ignoreNotFound = (error: unknown) => {
  if (String((error as { digest?: unknown })?.digest ?? "").startsWith("NEXT_HTTP_ERROR_FALLBACK;404")) return null;
  throw error;
};

describe("every role against every page and download", () => {
  // The events view's [id]: an event of the merchant (the funding deposit's).
  let eventId = "";
  const referenceFor = (route: string) =>
    route.includes("/deposits/") ? depositReference : route.includes("/pages/") ? pageReference : route.includes("/batches/") ? batchReference : linkReference;
  const params = (route: string) => ({ reference: referenceFor(route), id: eventId });

  it("shows a page only to the roles allowed to open it; the others go to the dashboard's home", async () => {
    eventId = (await db().webhookEvent.findFirstOrThrow({ where: { merchantId, environment: "sandbox" } })).id;
    const answered: Record<string, string> = {};
    const wanted: Record<string, string> = {};
    for (const page of dashboardPages().filter((p) => p.route in DASHBOARD_PAGES)) {
      const render = (await import(page.file)).default as (props: unknown) => Promise<unknown>;
      for (const role of MEMBER_ROLES) {
        as(people[role]);
        // The catch-all answers the dashboard's not-found page (notFound()) to every member: shown.
        const target = await redirectOf(() => render({ params: Promise.resolve(params(page.route)), searchParams: Promise.resolve({}) }).catch(ignoreNotFound));
        answered[`${page.route} as ${role}`] = target ?? "shown";
        wanted[`${page.route} as ${role}`] = can(role, DASHBOARD_PAGES[page.route as keyof typeof DASHBOARD_PAGES]) ? "shown" : "/test/dashboard?refused=1";
      }
    }
    expect(answered).toEqual(wanted);
  });

  it("answers a download only to the roles allowed to fetch it (403 for the others)", async () => {
    const answered: Record<string, number> = {};
    const wanted: Record<string, number> = {};
    for (const download of dashboardDownloads()) {
      const { GET } = (await import(download.file)) as { GET: (request: Request, context: unknown) => Promise<Response> };
      for (const role of MEMBER_ROLES) {
        as(people[role]);
        const url = `${ORIGIN}/test${download.route.replace("[reference]", referenceFor(download.route))}`;
        const res = await GET(new Request(url, { headers: nextRequest.headers }), { params: Promise.resolve(params(download.route)) });
        answered[`${download.route} as ${role}`] = res.status;
        wanted[`${download.route} as ${role}`] = can(role, DASHBOARD_PAGES[download.route as keyof typeof DASHBOARD_PAGES]) ? 200 : 403;
      }
    }
    expect(answered).toEqual(wanted);
  });
});

describe("every role against every API key scope", () => {
  it("lets a member put on a key only the scopes their role could use on the dashboard", async () => {
    const createKey = (await dashboardServerActions()).find((a) => a.name === "createKeyAction")!;
    const keys = () => db().apiKey.count({ where: { merchantId } });
    const before = await keys();
    const answered: Record<string, string> = {};
    const wanted: Record<string, string> = {};
    for (const scope of SCOPES) {
      for (const role of MEMBER_ROLES) {
        answered[`${scope} as ${role}`] = await outcome(people[role], createKey, { name: `${role} ${scope}`, scopes: [scope] });
        wanted[`${scope} as ${role}`] = expected(keyScopesFor(role).includes(scope));
      }
    }
    expect(answered).toEqual(wanted);
    // Nothing was made for a refusal.
    expect((await keys()) - before).toBe(Object.values(answered).filter((o) => o === "done").length);
    // The table's answer for the issue's case: a developer integrates but moves no money out.
    expect(keyScopesFor("developer")).toEqual(["links:read", "links:write", "deposits:read", "deposits:write", "gateways:read", "balance:read", "transfers:read", "analytics:read", "events:read", "refunds:read"]);
  });

  it("offers each role only those scopes on the Developers page", async () => {
    const render = (await import("@/app/dashboard/(app)/developers/page")).default;
    for (const role of MEMBER_ROLES) {
      as(people[role]);
      const page = await render({ searchParams: Promise.resolve({}) });
      expect(elementsOf(page, "input").filter((input) => input.name === "scopes").map((input) => input.value), role).toEqual(keyScopesFor(role));
    }
  });

  it("refuses a member regenerating a key that carries a scope beyond their role (they would receive it)", async () => {
    const regenerate = (await dashboardServerActions()).find((a) => a.name === "regenerateKeyAction")!;
    const payoutKey = await ownerKey(["transfers:write", "balance:read"]);
    const before = await db().apiKey.count({ where: { merchantId } });
    expect(await outcome(people.developer, regenerate, { keyId: payoutKey, overlap: "0" })).toBe("refused");
    expect(await db().apiKey.findUniqueOrThrow({ where: { id: payoutKey } })).toMatchObject({ expiresAt: null, revokedAt: null });
    expect(await db().apiKey.count({ where: { merchantId } })).toBe(before);
    expect(await outcome(people.admin, regenerate, { keyId: payoutKey, overlap: "0" })).toBe("done");
  });
});

describe("every role against better-auth's organization routes", () => {
  /** better-auth's answer: done (2xx), refused (401/403), or what else it said. */
  const answer = (res: { status: number; body: { code?: string } | null }) =>
    res.status < 300 ? "done" : res.status === 401 || res.status === 403 ? "refused" : `answered ${res.status} ${res.body?.code ?? ""}`;
  /** A POST to /api/auth/organization/* as `who`, on the matrix's merchant. */
  const organizationCall = async (who: Person, path: string, body: Record<string, unknown>) => answer(await who.browser.post(`/organization/${path}`, { organizationId: merchantId, ...body }));

  it("allows through its own routes no more than the dashboard's team page", async () => {
    const answered: Record<string, string> = {};
    const wanted: Record<string, string> = {};
    const cases: [string, (who: Person) => Promise<string>, (role: MemberRole) => boolean][] = [
      // An invitation's id is its link: only who may invite sees them (as on the team page's forms).
      ["list the invitations", async (who) => answer(await who.browser.get(`/organization/list-invitations?organizationId=${merchantId}`)), (role) => can(role, "team:manage")],
      ["invite a viewer", (who) => organizationCall(who, "invite-member", { email: uniqueEmail("via-api"), role: "viewer" }), (role) => canGrantRole(role, "viewer")],
      // Owner only through the team page's ownership rules (lib/features/auth/organization-rules.ts), never these routes.
      ["invite an owner", (who) => organizationCall(who, "invite-member", { email: uniqueEmail("via-api"), role: "owner" }), () => false],
      ["cancel an invitation", async (who) => organizationCall(who, "cancel-invitation", { invitationId: await pendingInvitation() }), (role) => can(role, "team:manage")],
      ["change a member's role", async (who) => organizationCall(who, "update-member-role", { memberId: await teammate(), role: "developer" }), (role) => canGrantRole(role, "developer")],
      ["make themself owner", (who) => organizationCall(who, "update-member-role", { memberId: who.memberId, role: "owner" }), () => false],
      ["remove a member", async (who) => organizationCall(who, "remove-member", { memberIdOrEmail: await teammate() }), (role) => can(role, "team:manage")],
      // The merchant's name is the settings page's; no role renames the organization behind it.
      ["rename the organization", (who) => organizationCall(who, "update", { data: { name: `Renamed by the ${who.role}` } }), () => false],
    ];
    for (const [what, run, allowed] of cases) {
      for (const role of MEMBER_ROLES) {
        answered[`${what} as ${role}`] = await run(people[role]);
        wanted[`${what} as ${role}`] = expected(allowed(role));
      }
    }
    expect(answered).toEqual(wanted);
    expect(await db().member.findMany({ where: { id: { in: MEMBER_ROLES.map((r) => people[r].memberId) } }, select: { role: true }, orderBy: { createdAt: "asc" } })).toEqual(MEMBER_ROLES.map((role) => ({ role })));
  });

  it("lets no one, not even its owner, delete the organization (the merchant would be left without its team)", async () => {
    // A merchant of its own: were it deleted, the other tests' would survive.
    const { browser, email } = await signedUpMerchant({ businessName: "Not to be deleted" });
    const organizationId = (await db().member.findFirstOrThrow({ where: { user: { email } } })).organizationId;
    const res = await browser.post("/organization/delete", { organizationId });
    expect(res.status).toBe(403);
    expect(await db().organization.count({ where: { id: organizationId } })).toBe(1);
  });
});
