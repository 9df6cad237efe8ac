// The support view's role × action matrix (lib/features/staff/staff-permissions.ts, issue 34): every
// route of /admin/api against the roles support and admin, a disabled account's session and no
// session at all. The routes are read from the route table, so a new one fails here until it is
// placed below with its action. Each is run through the real handlers with a real staff session
// and its CSRF token, on ids that do not exist: a forbidden action answers 403 before anything is
// looked up (a 404 would tell what exists), an allowed one gets as far as the lookup.
import { beforeAll, describe, expect, it } from "vitest";
import { STAFF_ACTIONS, staffCan, type StaffAction, type StaffRoleName } from "@/lib/features/staff/staff-permissions";
import { db } from "@/lib/core/db/client";
import { API_ROUTES } from "@/lib/surfaces/api-routes/route-table";
import { call } from "../helpers/api-client";
import { staffSession, type StaffSession } from "../helpers/staff-session";
import { newFormToken } from "@/lib/core/domain/form-token";

/** Each support-view route and method, and the action it names (a body that passes its schema, for writes). */
const ROUTE_ACTIONS: Record<string, { action: StaffAction; body?: Record<string, unknown> }> = {
  "GET /admin/api/overview": { action: "view" },
  "GET /admin/api/search": { action: "view" },
  "GET /admin/api/audit": { action: "view" },
  "GET /admin/api/links": { action: "view" },
  "GET /admin/api/deposits": { action: "view" },
  "GET /admin/api/payments/[reference]": { action: "view" },
  "POST /admin/api/payments/[reference]/check-operator": { action: "payments:check-operator" },
  "POST /admin/api/payments/[reference]/resolve-hold": { action: "payments:resolve-hold", body: { decision: "complete" } },
  "GET /admin/api/reconciliation": { action: "view" },
  "POST /admin/api/reconciliation/run": { action: "reconciliation:run" },
  "GET /admin/api/refunds": { action: "view" },
  "GET /admin/api/refunds/[reference]": { action: "view" },
  "POST /admin/api/refunds/[reference]/record": { action: "refunds:settle", body: { outcome: "completed" } },
  "POST /admin/api/refunds/[reference]/retry": { action: "refunds:settle" },
  "GET /admin/api/transfers": { action: "view" },
  "GET /admin/api/transfers/pending": { action: "view" },
  "GET /admin/api/transfers/[reference]": { action: "view" },
  "POST /admin/api/transfers/[reference]/approve": { action: "transfers:decide", body: {} },
  "POST /admin/api/transfers/[reference]/reject": { action: "transfers:decide", body: { reason: "matrix" } },
  "GET /admin/api/merchants": { action: "view" },
  "GET /admin/api/merchants/[id]": { action: "view" },
  "POST /admin/api/merchants/[id]/keys": { action: "merchants:credentials", body: { environment: "sandbox" } },
  "POST /admin/api/merchants/[id]/webhook-secret": { action: "merchants:credentials" },
  "POST /admin/api/keys/[id]/revoke": { action: "merchants:credentials" },
  "POST /admin/api/merchants/[id]/members/[userId]/verify-email": { action: "members:verify-email" },
  "GET /admin/api/activations": { action: "view" },
  "GET /admin/api/activations/[id]": { action: "view" },
  "POST /admin/api/activations/[id]/approve": { action: "activations:decide", body: {} },
  "POST /admin/api/activations/[id]/refuse": { action: "activations:decide", body: { reason: "matrix" } },
  "GET /admin/api/webhooks": { action: "view" },
  "POST /admin/api/webhooks/deliveries/[id]/retry": { action: "webhooks:resend" },
};

/**
 * The routes of a staff member's own session, open to any staff role: signing in and its second
 * step, who am I, signing out, and changing one's own password (tests/staff/password-recheck,
 * tests/support/polish).
 */
const OWN_SESSION = ["POST /admin/api/session", "GET /admin/api/session", "DELETE /admin/api/session", "POST /admin/api/session/two-factor", "POST /admin/api/password"];

const tableRoutes = API_ROUTES.filter((route) => route.path.startsWith("/admin/api/") && !route.path.includes("[..."));
const routeKeys = tableRoutes.flatMap((route) => route.methods.map((method) => `${method} ${route.path}`));
const withIds = (path: string) => path.replace(/\[(\w+)\]/g, "NOPE_does_not_exist");

type Caller = { cookie: string; csrf: string } | null;
const ask = (key: string, who: Caller) => {
  const [method, path] = key.split(" ") as ["GET" | "POST", string];
  // A write carries the one-time token its form drew (the decisions that move money refuse a post without one).
  return call(method, withIds(path), {
    headers: who ? { cookie: who.cookie, "x-csrf-token": who.csrf, ...(method === "POST" ? { "idempotency-key": newFormToken() } : {}) } : {},
    ...(method === "POST" ? { body: ROUTE_ACTIONS[key].body ?? {} } : {}),
  });
};

describe("the support view's table", () => {
  it("support reads; every action that moves money or its state, hands out credentials or speaks for a merchant is admin's", () => {
    const allowed = (role: StaffRoleName) => STAFF_ACTIONS.filter((action) => staffCan(role, action));
    expect(allowed("support")).toEqual(["view"]);
    expect(allowed("admin")).toEqual([...STAFF_ACTIONS]);
  });

  it("places every route of /admin/api: an action of the table, or one's own session", () => {
    expect(routeKeys.length).toBeGreaterThan(30);
    expect(routeKeys.filter((key) => !(key in ROUTE_ACTIONS) && !OWN_SESSION.includes(key))).toEqual([]);
    expect(Object.keys(ROUTE_ACTIONS).filter((key) => !routeKeys.includes(key))).toEqual([]);
  });
});

describe("each route, by who asks", () => {
  let people: Record<StaffRoleName, StaffSession>;
  beforeAll(async () => {
    people = { support: await staffSession("support"), admin: await staffSession("admin") };
  });

  it("support and admin: a forbidden action is 403/40001 before any lookup; an allowed one gets past the role", async () => {
    const outcomes: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const [key, { action }] of Object.entries(ROUTE_ACTIONS)) {
      for (const role of ["support", "admin"] as const) {
        const answer = await ask(key, people[role]);
        const refused = answer.status === 403 && answer.body?.error?.code === 40001;
        expect(answer.status, `${role} ${key}: ${JSON.stringify(answer.body)}`).not.toBe(401);
        expect(answer.status, `${role} ${key}`).toBeLessThan(500);
        outcomes[`${role} ${key}`] = refused ? "refused" : "allowed";
        expected[`${role} ${key}`] = staffCan(role, action) ? "allowed" : "refused";
      }
    }
    expect(outcomes).toEqual(expected);
  });

  it("an allowed write on an id that does not exist is a 404, not a 403 (the role let it through to the lookup)", async () => {
    for (const key of Object.keys(ROUTE_ACTIONS).filter((k) => k.startsWith("POST ") && k.includes("["))) {
      const answer = await ask(key, people.admin);
      expect([key, answer.status]).toEqual([key, 404]);
    }
  });

  it("a disabled account's open session and no session at all: 401/40002 on every route", async () => {
    const disabled = await staffSession("admin");
    // Disabled without its sessions deleted (staff:disable deletes them too): the flag alone shuts the door.
    await db().user.update({ where: { id: disabled.id }, data: { disabledAt: new Date() } });
    for (const key of Object.keys(ROUTE_ACTIONS)) {
      for (const who of [disabled, null]) {
        const answer = await ask(key, who);
        expect([key, who ? "disabled" : "none", answer.status, answer.body?.error?.code]).toEqual([key, who ? "disabled" : "none", 401, 40002]);
      }
    }
  });
});
