import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appRouteFiles, tableModules } from "../helpers/route-files";
import { METHODS } from "@/lib/surfaces/http/route-handler";
import { API_ROUTES, NEXT_FILE_ROUTES, nextRouteFile, routesOf, type TableRoute } from "@/lib/surfaces/api-routes/route-table";
import { apiOperation } from "@/lib/surfaces/api-routes/operation";
import { createRouter, pathSegments } from "@/lib/surfaces/api-routes/router";
import { API_TREES } from "@/lib/core/domain/api-trees";
import { API_TREE_HEADERS } from "@/lib/surfaces/http/security-headers";

// The route table (lib/surfaces/api-routes/route-table.ts) is the one list of the API's operations: these checks
// keep the app tree and the handler modules from growing a second one.
const root = path.resolve(import.meta.dirname, "../..");
const router = createRouter();
const match = (pathname: string) => router.match(pathSegments(pathname));

describe("the route table", () => {
  it("lists each path once, every route with all five methods", () => {
    const paths = API_ROUTES.map((route) => route.path);
    expect(paths.length).toBeGreaterThan(60);
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of API_ROUTES) {
      expect(Object.keys(route.handlers).filter((name) => (METHODS as readonly string[]).includes(name)).sort(), route.path).toEqual([...METHODS].sort());
      expect(route.methods.length, route.path).toBeGreaterThan(0);
    }
  });

  it("groups the operations by path, and refuses a method declared twice or a path half in the lane", () => {
    const answer = async () => new Response(null, { status: 204 });
    const get = apiOperation({ method: "GET", path: "/api/things", sandbox: true, lane: true, handler: answer });
    const post = apiOperation({ ...get, method: "POST" });
    const [route, ...rest] = routesOf([get, post]);
    expect(rest).toEqual([]);
    expect(route).toMatchObject({ path: "/api/things", sandbox: true, lane: true });
    expect(route.methods).toEqual(["GET", "POST"]);
    expect(() => routesOf([get, { ...get }])).toThrow("GET is declared twice");
    expect(() => routesOf([get, { ...post, lane: false }])).toThrow("differ in sandbox or lane");
    expect(() => routesOf([{ ...get, method: "*" }, post])).toThrow("every-method");
  });

  it("uses every operation module under lib/surfaces/api-routes, and no route file of app/ answers an API path itself", () => {
    // The handlers live in the folders of lib/surfaces/api-routes; the table, router, dispatch and lane beside them.
    const handlerModules = fs
      .readdirSync(path.join(root, "lib/surfaces/api-routes"), { recursive: true, encoding: "utf8" })
      .filter((file) => file.includes(path.sep) && file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .map((file) => `lib/surfaces/api-routes/${file.split(path.sep).join("/")}`);
    expect([...new Set(tableModules().values())].sort()).toEqual(handlerModules.sort());

    // Each tree's catch-all entry, under /test too where it is marked sandbox, is one route file of app/.
    const treeCatchAlls = API_ROUTES.filter((route) => API_TREES.some((tree) => route.path === `${tree}/[...path]`));
    const catchAlls = treeCatchAlls.flatMap((route) => (route.sandbox ? [route.path, `/test${route.path}`] : [route.path]));
    expect(catchAlls.length).toBe(5);
    const apiTreeFiles = appRouteFiles().filter((route) => route.inApiTree);
    expect(apiTreeFiles.map((route) => route.file).sort()).toEqual([...catchAlls, ...NEXT_FILE_ROUTES].map(nextRouteFile).sort());
    for (const catchAll of catchAlls) {
      expect(fs.readFileSync(path.join(root, nextRouteFile(catchAll)), "utf8")).toContain(`catchAllRoute("${catchAll.slice(0, -"/[...path]".length)}")`);
    }
  });
});

describe("the router", () => {
  const routeOf = (pathname: string) => match(pathname)?.route.path;

  it("finds a static route and a route's parameters", () => {
    expect(match("/api/v4/payments/link")).toEqual({ route: expect.objectContaining({ path: "/api/v4/payments/link" }), params: {}, environment: "live" });
    expect(match("/test/api/v4/payments/link/LINK_TEST_01/send")).toEqual({
      route: expect.objectContaining({ path: "/api/v4/payments/link/[reference]/send" }),
      params: { reference: "LINK_TEST_01" },
      environment: "sandbox",
    });
    expect(routeOf("/api/v4/openapi.json")).toBe("/api/v4/openapi.json");
    expect(routeOf("/test/public/gateways/deposit/list")).toBe("/public/gateways/deposit/list");
  });

  it("prefers a static segment to a parameter and a parameter to a catch-all, as Next.js does", () => {
    expect(routeOf("/admin/api/transfers/pending")).toBe("/admin/api/transfers/pending");
    expect(routeOf("/admin/api/transfers/TRF_X")).toBe("/admin/api/transfers/[reference]");
    expect(routeOf("/admin/api/transfers/TRF_X/nothing")).toBe("/admin/api/[...path]");
    expect(match("/api/v1/anything/else")).toEqual({ route: expect.objectContaining({ path: "/api/v1/[...path]" }), params: { path: "anything/else" }, environment: "live" });
    expect(routeOf("/api/v9/nothing")).toBe("/api/[...path]");
    expect(routeOf("/public/nothing")).toBe("/public/[...path]");

    const own = createRouter(
      ["/api/things/[id]", "/api/things/[id]/parts", "/api/things/latest/parts", "/api/things/latest", "/api/[...path]"].map((p): TableRoute => ({ path: p, methods: [], handlers: {} })),
    );
    const ownRoute = (pathname: string) => own.match(pathSegments(pathname))?.route.path;
    expect(ownRoute("/api/things/latest")).toBe("/api/things/latest");
    expect(ownRoute("/api/things/latest/parts")).toBe("/api/things/latest/parts");
    expect(own.match(pathSegments("/api/things/x1/parts"))?.params).toEqual({ id: "x1" });
    expect(ownRoute("/api/things")).toBe("/api/[...path]");
    expect(ownRoute("/api")).toBeUndefined();
  });

  it("tells the environment from the path it matched: the sandbox under /test only", () => {
    const environmentOf = (pathname: string) => match(pathname)?.environment;
    expect(environmentOf("/test/public/gateways/deposit/list")).toBe("sandbox");
    expect(environmentOf("/test/api/v4/no/such/route")).toBe("sandbox");
    expect(environmentOf("/public/gateways/deposit/list")).toBe("live");
    // A parameter or a catch-all's segment that reads "test" is not the prefix.
    expect(environmentOf("/api/v4/payments/link/test")).toBe("live");
    expect(environmentOf("/api/v9/test/api/v4/payments/link")).toBe("live");
    expect(match("/testing/api/v4/payments/link")).toBeNull();
  });

  it("answers under /test only the routes marked sandbox", () => {
    expect(routeOf("/test/api/checkout/LINK_TEST_01")).toBe("/api/checkout/[reference]");
    // Operators call back live only; the support view and the benchmark have no sandbox path.
    expect(routeOf("/test/api/operators/wave/callback")).toBe("/api/[...path]");
    expect(routeOf("/test/api/bench/echo")).toBe("/api/[...path]");
    expect(routeOf("/test/admin/api/overview")).toBeUndefined();
    expect(routeOf("/test/test/api/v4/payments/link")).toBeUndefined();
  });

  it("leaves to Next the paths it routes to a file of its own", () => {
    for (const nextPath of NEXT_FILE_ROUTES) expect(API_ROUTES.some((route) => route.path === nextPath)).toBe(false);
  });
});

describe("the in-process harness", () => {
  it("answers through the table with the API trees' headers, as next.config.ts and the lane give them", async () => {
    const { call } = await import("../helpers/api-client");
    const res = await call("GET", "/test/public/gateways/deposit/list");
    expect(res.status).toBe(200);
    for (const [name, value] of Object.entries(API_TREE_HEADERS)) expect(res.headers.get(name), name).toBe(value);
    const unknown = await call("GET", "/test/api/v4/no/such/route");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("cache-control")).toBe("no-store");
  });
});
