import { describe, expect, it } from "vitest";
import { API_TREES, isOutsideProxy, TREES_OUTSIDE_PROXY } from "@/lib/core/domain/api-trees";
import { API_ROUTES } from "@/lib/surfaces/api-routes/route-table";
import { config as proxyConfig } from "@/proxy";
import { API_TREES as FRONT_DOOR_TREES } from "../../server/front-door.cjs";

// The API's trees are named in lib/core/domain/api-trees.ts, and read from there by the security
// headers, next.config.ts and proxy.ts. Two places cannot import it: proxy.ts's matcher, which
// Next reads as a literal at build time, and the front door, plain CommonJS outside the build.
// These checks hold both to it, and the route table to its trees.
const name = (tree: string) => tree.slice(1);

describe("the API's trees", () => {
  it("hold every path of the route table, each tree ending in a catch-all", () => {
    for (const route of API_ROUTES) expect(API_TREES.some((tree) => route.path.startsWith(`${tree}/`)), route.path).toBe(true);
    for (const tree of API_TREES) expect(API_ROUTES.some((route) => route.path === `${tree}/[...path]`), tree).toBe(true);
  });

  it("are what proxy.ts's literal matcher leaves out, but for their %-escaped paths", () => {
    const skipped = TREES_OUTSIDE_PROXY.flatMap((tree) => [`${name(tree)}/`, `test/${name(tree)}/`]);
    const escaped = TREES_OUTSIDE_PROXY.flatMap((tree) => [name(tree), `test/${name(tree)}`]);
    expect(proxyConfig.matcher).toEqual([`/((?!${skipped.join("|")}|_next/static|_next/image|favicon.ico).*)`, `/(${escaped.join("|")})/(.*%.*)`]);
  });

  it("outside the proxy: the merchant API's trees, sandbox or live, and nothing else", () => {
    for (const tree of TREES_OUTSIDE_PROXY) for (const path of [`${tree}/x`, `/test${tree}/x`]) expect(isOutsideProxy(path), path).toBe(true);
    for (const path of ["/api", "/test/api", "/admin/api/x", "/test/admin/api/x", "/apiary/x", "/test/test/api/x", "/pay/api/x", "/dashboard"]) expect(isOutsideProxy(path), path).toBe(false);
  });

  it("are the paths where the front door answers methods Next cannot route", () => {
    const sandboxed = API_TREES.filter((tree) => tree !== "/admin/api");
    for (const tree of API_TREES) expect(FRONT_DOOR_TREES.test(`${tree}/x`), tree).toBe(true);
    for (const tree of sandboxed) expect(FRONT_DOOR_TREES.test(`/test${tree}/x`), tree).toBe(true);
    for (const other of ["/admin/x", "/test/admin/api/x", "/pay/LINK_X", "/apiary/x", "/dashboard/api/x"]) expect(FRONT_DOOR_TREES.test(other), other).toBe(false);
  });
});
