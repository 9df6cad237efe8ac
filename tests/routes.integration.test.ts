import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { call } from "./helpers/api-client";
import { appRoutes } from "./helpers/app-routes";

// The OpenAPI document is written by hand beside the route files: these checks keep the two the
// same set of paths and methods, so a route cannot ship undocumented nor a documented one vanish.

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
// The merchant API is /api/v4 and /public; the rest of /api (the hosted checkout's own calls, the
// liveness probe, Inngest's protocol, the benchmark's floors) is not, nor are the document itself
// and the catch-alls that answer 404/410.
const UNDOCUMENTED = new Set(["/api/v4/openapi.json"]);

const documented = buildOpenApiDocument("http://pay.test").paths as Record<string, Partial<Record<(typeof METHODS)[number], unknown>>>;
const apiRoutes = appRoutes().filter((route) => /^\/(api\/v4|public)\//.test(route.path) && !route.catchAll && !UNDOCUMENTED.has(route.path));

describe("the OpenAPI document and the route files", () => {
  it("document the same paths", () => {
    expect(apiRoutes.length).toBeGreaterThan(10);
    expect(apiRoutes.map((route) => route.path).sort()).toEqual(Object.keys(documented).sort());
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
  const adminRoutes = appRoutes().filter((route) => route.path.startsWith("/admin/api/") && !route.catchAll);

  // Signed out, a route's own methods refuse before any work (401, or 400 for a sign-in without
  // credentials), so this touches no data; every other method gets the envelope, not Next's bare 405.
  it.each(adminRoutes.map((route) => [route.path]))("%s answers 400/40017 with Allow to the methods it has not", async (template) => {
    expect(adminRoutes.length).toBeGreaterThan(20);
    const path = template.replace(/\{\w+\}/g, "X_1");
    const answers = await Promise.all(METHODS.map(async (m) => [m.toUpperCase(), await call(m.toUpperCase(), path, m === "get" || m === "delete" ? {} : { body: {} })] as const));
    const own = answers.filter(([, res]) => res.body?.error?.code !== 40017).map(([method]) => method);
    expect(own.length, template).toBeGreaterThan(0);
    for (const [method, res] of answers.filter(([m]) => !own.includes(m))) {
      expect(res.status, `${method} ${template}`).toBe(400);
      expect(res.headers.get("allow")?.split(", ").sort(), `${method} ${template}`).toEqual([...own].sort());
    }
  });
});

describe("the tests' router", () => {
  it("prefers a static segment to a parameter and a parameter to a catch-all, as Next.js does", () => {
    const match = (pathname: string) => appRoutes().find((route) => route.pattern.test(pathname))?.file;
    expect(match("/admin/api/transfers/pending")).toBe("admin/api/transfers/pending/route.ts");
    expect(match("/admin/api/transfers/TRF_X")).toBe("admin/api/transfers/[reference]/route.ts");
    expect(match("/api/v1/anything/else")).toBe("api/v1/[...path]/route.ts");
    expect(match("/api/v9/nothing")).toBe("api/[...path]/route.ts");
  });
});
