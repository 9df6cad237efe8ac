import { describe, expect, it } from "vitest";
import { appPathsManifest } from "./helpers/app-routes";
import { buildRouteTable } from "@/lib/http/api-lane/route-table";

// The manifest Next writes for this app's route files, read from the app tree itself, so a route
// added there is in these checks at once.
const appPaths = appPathsManifest();
const table = buildRouteTable(appPaths);
const pages = table.routes.map((route) => route.page);

describe("the API lane's route table", () => {
  it("holds every route of the merchant API and the gateway lists, live and sandbox, the lane's bench floors, and nothing else", () => {
    const expected = Object.keys(appPaths)
      .map((key) => key.slice(0, -"/route".length))
      .filter((page) => /^\/((test\/)?(api\/v4|public\/gateways)|api\/bench\/lane)\//.test(page));
    expect(expected.length).toBeGreaterThan(30);
    expect([...pages].sort()).toEqual(expected.sort());
    expect(pages.filter((page) => page.startsWith("/api/bench/"))).toEqual(["/api/bench/lane/echo", "/api/bench/lane/echo/[id]"]);
    expect(pages.some((page) => /checkout|auth|inngest|admin|health|\.\.\./.test(page))).toBe(false);
  });

  it("finds a static route and a route's parameter as Next does", () => {
    expect(table.match("/test/api/v4/payments/link")).toEqual({
      route: { page: "/test/api/v4/payments/link", file: "app/test/api/v4/payments/link/route.js" },
      params: {},
    });
    expect(table.match("/api/v4/payments/link/LINK_01JD3Z8M6X5V4T3R2Q1P0N9M8K")).toEqual({
      route: { page: "/api/v4/payments/link/[reference]", file: "app/api/v4/payments/link/[reference]/route.js" },
      params: { reference: "LINK_01JD3Z8M6X5V4T3R2Q1P0N9M8K" },
    });
    // A route below a parameter (the link sending extension), live and sandbox.
    expect(table.match("/test/api/v4/payments/link/LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K/send")).toEqual({
      route: { page: "/test/api/v4/payments/link/[reference]/send", file: "app/test/api/v4/payments/link/[reference]/send/route.js" },
      params: { reference: "LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K" },
    });
    expect(table.match("/api/v4/payments/link/LINK_01JD3Z8M6X5V4T3R2Q1P0N9M8K/sends")?.route.page).toBe("/api/v4/payments/link/[reference]/sends");
    expect(table.match("/api/v4/openapi.json")?.route.page).toBe("/api/v4/openapi.json");
    expect(table.match("/test/public/gateways/deposit/list")?.route.page).toBe("/test/public/gateways/deposit/list");
  });

  it("prefers a static segment to a parameter, whatever the manifest's order", () => {
    const own = buildRouteTable({
      "/api/v4/things/[id]/route": "app/api/v4/things/[id]/route.js",
      "/api/v4/things/[id]/parts/route": "app/api/v4/things/[id]/parts/route.js",
      "/api/v4/things/latest/parts/route": "app/api/v4/things/latest/parts/route.js",
      "/api/v4/things/latest/route": "app/api/v4/things/latest/route.js",
    });
    expect(own.match("/api/v4/things/latest")?.route.page).toBe("/api/v4/things/latest");
    expect(own.match("/api/v4/things/latest/parts")).toEqual({ route: expect.objectContaining({ page: "/api/v4/things/latest/parts" }), params: {} });
    expect(own.match("/api/v4/things/x1/parts")).toEqual({ route: expect.objectContaining({ page: "/api/v4/things/[id]/parts" }), params: { id: "x1" } });
  });

  it.each([
    ["an unknown API path (the catch-all's 404)", "/api/v4/nothing/here"],
    ["a trailing slash (Next's redirect)", "/test/api/v4/payments/link/"],
    ["a double slash", "/test/api/v4//payments/link"],
    ["a %-escape (Next decodes it)", "/api/v4/payments/link/LINK%5F01"],
    ["a dot segment", "/api/v4/payments/link/.."],
    ["a parameter with a dot", "/api/v4/deposits/DEP.01"],
    ["another tree", "/api/checkout/LINK_TEST_01"],
    ["a page", "/test/pay/LINK_TEST_01"],
    ["an old version", "/api/v1/payments/link"],
    ["a misspelled tree", "/TEST/api/v4/payments/link"],
  ])("leaves %s to Next", (_what, pathname) => {
    expect(table.match(pathname)).toBeNull();
  });
});
