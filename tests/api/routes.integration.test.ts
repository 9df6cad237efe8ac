import { describe, expect, it } from "vitest";
import { call } from "../helpers/api-client";
import { API_OPERATIONS, API_ROUTES, openApiDocument } from "@/lib/surfaces/api-routes/route-table";

// The OpenAPI document is built from the route table's operations (each documented beside its
// handler): these checks keep the merchant API wholly documented, so a route cannot ship
// undocumented, and every documented method answered.

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
// The merchant API is /api/v4 and /public; the rest of /api (the hosted checkout's own calls, the
// liveness probe, Inngest's protocol, the benchmark's floors) is not, nor are the document itself
// and the catch-alls that answer 404/410.
const UNDOCUMENTED = new Set(["/api/v4/openapi.json"]);

const documented = openApiDocument("http://pay.test").paths as Record<string, Partial<Record<(typeof METHODS)[number], unknown>>>;
const openApiPath = (path: string) => path.replace(/\[(\w+)\]/g, "{$1}");
const apiRoutes = API_ROUTES.filter((route) => /^\/(api\/v4|public)\//.test(route.path) && !route.path.includes("[...") && !UNDOCUMENTED.has(route.path));

describe("the OpenAPI document and the route table", () => {
  it("name the same paths and methods", () => {
    expect(apiRoutes.length).toBeGreaterThan(10);
    expect(apiRoutes.map((route) => openApiPath(route.path)).sort()).toEqual(Object.keys(documented).sort());
    for (const route of apiRoutes) {
      const operations = documented[openApiPath(route.path)];
      expect(route.methods, route.path).toEqual(METHODS.filter((method) => operations[method]).map((m) => m.toUpperCase()));
    }
  });

  it("name in an operation's text only the scope its handler asks (apiRoute's options)", () => {
    const named = API_OPERATIONS.flatMap(({ openapi, ...operation }) => {
      if (!openapi) return [];
      const text = `${openapi.summary ?? ""} ${openapi.description ?? ""}`;
      return [{ operation, scopes: [...new Set([...text.matchAll(/`(\w+:(?:read|write))`/g)].map(([, scope]) => scope))] }];
    });
    expect(named.filter(({ scopes }) => scopes.length > 0).length).toBeGreaterThan(8);
    for (const { operation, scopes } of named) {
      const { handler } = operation;
      if (scopes.length > 0) expect(scopes, operation.path).toEqual([typeof handler === "function" ? undefined : handler.scope]);
    }
  });

  // Without a key every authenticated route answers 401 before any work, so this touches no data.
  it.each(Object.entries(documented))("%s answers the documented methods and 400/40017 to the rest", async (template, operations) => {
    const path = template.replace(/\{\w+\}/g, "LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K");
    const allowed = METHODS.filter((method) => operations[method]).map((m) => m.toUpperCase());
    for (const method of METHODS.map((m) => m.toUpperCase())) {
      const res = await call(method, path, method === "GET" || method === "DELETE" ? {} : { body: {} });
      if (allowed.includes(method)) {
        expect(res.body?.error?.code, `${method} ${template}`).not.toBe(40017);
      } else {
        expect(res.status, `${method} ${template}`).toBe(400);
        expect(res.body.error.code, `${method} ${template}`).toBe(40017);
        expect(res.headers.get("allow")?.split(", ").sort(), `${method} ${template}`).toEqual([...allowed].sort());
      }
    }
  });
});

describe("the support view's API routes", () => {
  const adminRoutes = API_ROUTES.filter((route) => route.path.startsWith("/admin/api/") && !route.path.includes("[..."));

  // Signed out, a route's own methods refuse before any work (401, or 400 for a sign-in without
  // credentials), so this touches no data; every other method gets the envelope, not Next's bare 405.
  it.each(adminRoutes.map((route) => [route.path, route] as const))("%s answers 400/40017 with Allow to the methods it has not", async (template, route) => {
    expect(adminRoutes.length).toBeGreaterThan(20);
    const path = template.replace(/\[(\w+)\]/g, "X_1");
    const answers = await Promise.all(METHODS.map(async (m) => [m.toUpperCase(), await call(m.toUpperCase(), path, m === "get" || m === "delete" ? {} : { body: {} })] as const));
    const own = answers.filter(([, res]) => res.body?.error?.code !== 40017).map(([method]) => method);
    expect(own).toEqual(route.methods);
    for (const [method, res] of answers.filter(([m]) => !own.includes(m))) {
      expect(res.status, `${method} ${template}`).toBe(400);
      expect(res.headers.get("allow")?.split(", "), `${method} ${template}`).toEqual(own);
    }
  });
});
