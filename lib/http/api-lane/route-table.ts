// Which route file answers a path, for the API lane (api-lane.ts): the same answer Next's router
// gives for the lane's trees, which hold only static segments and single dynamic ones ([name]).
// Catch-alls ([...path]) are left to Next: a path no lane route matches goes to Next, whose
// catch-alls answer it.

/**
 * The trees the lane serves: the merchant API and the public gateway lists, live and sandbox, and
 * the benchmark's floors of the lane (app/api/bench/lane, answering only with BENCH_ROUTES=1).
 */
export const LANE_PREFIXES = ["/api/v4/", "/test/api/v4/", "/public/gateways/", "/test/public/gateways/", "/api/bench/lane/"];

/**
 * The characters the lane accepts in a path. Anything else (a %-escape, a "+", a trailing or double
 * slash) goes to Next, which decodes, normalizes or redirects it as it always did. A dynamic
 * segment's value takes no dot either, so "." and ".." are never a parameter.
 */
const LANE_PATH = /^(\/[A-Za-z0-9_.~-]+)+$/;
const PARAM_VALUE = /^[A-Za-z0-9_~-]+$/;

export type LaneRoute = { page: string; file: string };
export type RouteMatch = { route: LaneRoute; params: Record<string, string> };

type DynamicRoute = { route: LaneRoute; segments: (string | { param: string })[] };

export type RouteTable = { match(pathname: string): RouteMatch | null; routes: LaneRoute[] };

/**
 * The lane's routes from Next's app-paths manifest (".../route" -> "app/.../route.js"), keeping
 * the route handlers under `prefixes` that have no catch-all segment.
 */
export function buildRouteTable(appPaths: Record<string, string>, prefixes: string[] = LANE_PREFIXES): RouteTable {
  const fixed = new Map<string, LaneRoute>();
  const dynamic: DynamicRoute[] = [];
  for (const [key, file] of Object.entries(appPaths)) {
    if (!key.endsWith("/route")) continue;
    const page = key.slice(0, -"/route".length);
    if (!prefixes.some((prefix) => page.startsWith(prefix)) || page.includes("[...") || page.includes("[[")) continue;
    const route = { page, file };
    const segments = page.split("/").slice(1).map((segment) => (/^\[\w+\]$/.test(segment) ? { param: segment.slice(1, -1) } : segment));
    if (segments.every((segment) => typeof segment === "string")) fixed.set(page, route);
    else dynamic.push({ route, segments });
  }
  // Next's priority: at the first segment where two routes differ, a static one beats a dynamic one.
  dynamic.sort((a, b) => {
    for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i++) {
      const aStatic = typeof a.segments[i] === "string";
      const bStatic = typeof b.segments[i] === "string";
      if (aStatic !== bStatic) return aStatic ? -1 : 1;
    }
    return 0;
  });

  return {
    routes: [...fixed.values(), ...dynamic.map((d) => d.route)],
    match(pathname) {
      if (!prefixes.some((prefix) => pathname.startsWith(prefix)) || !LANE_PATH.test(pathname)) return null;
      const exact = fixed.get(pathname);
      if (exact) return { route: exact, params: {} };
      const parts = pathname.split("/").slice(1);
      for (const { route, segments } of dynamic) {
        if (segments.length !== parts.length) continue;
        const params: Record<string, string> = {};
        const matches = segments.every((segment, i) => {
          if (typeof segment === "string") return segment === parts[i];
          if (!PARAM_VALUE.test(parts[i])) return false;
          params[segment.param] = parts[i];
          return true;
        });
        if (matches) return { route, params };
      }
      return null;
    },
  };
}
