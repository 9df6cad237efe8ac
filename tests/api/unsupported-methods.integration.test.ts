import { describe, expect, it } from "vitest";
import { UNROUTED_METHOD_HEADER } from "@/lib/surfaces/http/route-methods";
import { call } from "../helpers/api-client";
import { API_ROUTES } from "@/lib/surfaces/api-routes/route-table";

// An unsupported method on a route of the API trees or the support view's API answers 400/40017
// with Allow, in the error envelope (docs/api-guide.md, "API examples"). Next answers a method a route file
// does not export with a bare 405, and methods it cannot route at all (TRACE, which no fetch
// Request can carry; PROPFIND, QUERY...) with a bare 500 or 400 before any route runs:
// our server's front door (server/front-door.cjs) hands those on as a PATCH marked with the method asked, which the
// route refuses (e2e/api/unsupported-methods.spec.ts and tests/api/lane.integration.test.ts over
// real HTTP). Here, every route of the table in process.

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const isCatchAll = (path: string) => path.includes("[...");
const concretePath = (path: string) => path.replace(/\[(?:\.\.\.)?(\w+)\]/g, "X1");

describe("the routes of the API trees and of the support view's API", () => {
  it("are all here", () => {
    expect(API_ROUTES.filter((route) => route.path.startsWith("/admin/api/")).length).toBeGreaterThan(20);
    expect(API_ROUTES.length).toBeGreaterThan(50);
  });

  it.each(API_ROUTES.map((route) => [route.path, route] as const))("%s has every method, so Next never answers its bare 405", (_path, route) => {
    expect(METHODS.filter((method) => !route.handlers[method])).toEqual([]);
  });

  it.each(API_ROUTES.filter((route) => !isCatchAll(route.path)).map((route) => [route.path, route] as const))(
    "%s refuses a method Next cannot route (marked by the front door) with 400/40017 and its Allow",
    async (_path, route) => {
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

  it.each(API_ROUTES.filter((route) => isCatchAll(route.path)).map((route) => [route.path, route] as const))(
    "%s (a catch-all) answers its own error for such a method",
    async (_path, route) => {
      const res = await call("PATCH", concretePath(route.path), { headers: { [UNROUTED_METHOD_HEADER]: "TRACE" } });
      expect([404, 410]).toContain(res.status);
      expect(res.body.error.code).not.toBe(40017);
      // The 404 names the method asked, not the PATCH it came as.
      if (res.status === 404) expect(res.body.error.details).toContain("No route for TRACE");
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
