import { describe, expect, it } from "vitest";
import { UNROUTED_METHOD_HEADER } from "@/lib/http/api-route";
import { call } from "./helpers/api-client";
import { appRoutes, routeModulePath } from "./helpers/app-routes";

// An unsupported method on a route of the API trees or the support view's API answers 400/40017
// with Allow, in the error envelope (docs/api-guide.md, "API examples"). Next answers a method a route file
// does not export with a bare 405, and methods it cannot route at all (TRACE, which no fetch
// Request can carry; PROPFIND, QUERY...) with a bare 500 or 400 before any route runs:
// our server's front door (server/front-door.cjs) hands those on as a PATCH marked with the method asked, which the
// route refuses (e2e/api/unsupported-methods.spec.ts and tests/api-lane.integration.test.ts over
// real HTTP). Here, every route file in process.

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
// better-auth's endpoints: one catch-all of GET and POST, refusing the rest as every route does.
const AUTH_ROUTE = "api/auth/[...all]/route.ts";
const routes = appRoutes().filter((route) => /^(api|public|admin\/api)\//.test(route.file));
const concretePath = (path: string) => path.replace(/\{(\w+)\}/g, "X1");

describe("the routes of the API trees and of the support view's API", () => {
  it("are all here", () => {
    expect(routes.filter((route) => route.file.startsWith("admin/api/")).length).toBeGreaterThan(20);
    expect(routes.length).toBeGreaterThan(50);
  });

  it.each(routes.map((route) => [route.file, route] as const))("%s exports every method, so Next never answers its bare 405", async (_file, route) => {
    const module = (await import(routeModulePath(route))) as Record<string, unknown>;
    expect(METHODS.filter((method) => typeof module[method] !== "function")).toEqual([]);
  });

  it.each(routes.filter((route) => !route.catchAll).map((route) => [route.file, route] as const))(
    "%s refuses a method Next cannot route (marked by the front door) with 400/40017 and its Allow",
    async (_file, route) => {
      for (const asked of ["TRACE", "PROPFIND"]) {
        const res = await call("PATCH", concretePath(route.path), { headers: { [UNROUTED_METHOD_HEADER]: asked } });
        expect(res.status, asked).toBe(400);
        expect(res.body.error).toMatchObject({ code: 40017, message: "Unsupported HTTP method" });
        expect(res.body.error.details).toContain(`${asked} is not supported here`);
        const allow = res.headers.get("allow")?.split(", ") ?? [];
        expect(allow.length).toBeGreaterThan(0);
        expect(allow.every((method) => (METHODS as readonly string[]).includes(method))).toBe(true);
        expect(res.headers.get("cache-control")).toBe("no-store");
      }
    },
  );

  it.each(routes.filter((route) => route.catchAll && route.file !== AUTH_ROUTE).map((route) => [route.file, route] as const))(
    "%s (a catch-all) answers its own error for such a method, naming it",
    async (_file, route) => {
      const res = await call("PATCH", concretePath(route.path), { headers: { [UNROUTED_METHOD_HEADER]: "TRACE" } });
      expect([404, 410]).toContain(res.status);
      expect(res.body.error.code).not.toBe(40017);
    },
  );
});

describe("better-auth's endpoints under /api/auth", () => {
  it("refuse other methods than GET and POST, and those Next cannot route, in the envelope with Allow", async () => {
    for (const [method, marked] of [["PUT"], ["PATCH"], ["DELETE"], ["PATCH", "TRACE"]] as const) {
      const res = await call(method, "/api/auth/sign-in/email", { headers: marked ? { [UNROUTED_METHOD_HEADER]: marked } : {} });
      expect(res.status, marked ?? method).toBe(400);
      expect(res.body.error).toMatchObject({ code: 40017 });
      expect(res.headers.get("allow")).toBe("GET, POST");
    }
  });
});
