import { SANDBOX_PREFIX, type Environment } from "@/lib/core/domain/environment";
import { API_ROUTES, type TableRoute } from "./route-table";

// Which route of the table answers a path, with Next.js's priority: at the first segment where two
// paths differ, a static name beats a parameter ("[reference]"), which beats a catch-all
// ("[...path]", one segment or more). The "/test" prefix matches the routes marked sandbox, and the
// match says which environment it found: the handlers take it from here, not from the URL again.

export type RouteMatch = { route: TableRoute; params: Record<string, string>; environment: Environment };

type Segment = { name: string } | { param: string } | { rest: string };
type CompiledRoute = { route: TableRoute; segments: Segment[] };

function compile(route: TableRoute): CompiledRoute {
  const segments = route.path
    .split("/")
    .slice(1)
    .map((segment): Segment => {
      const rest = /^\[\.\.\.(\w+)\]$/.exec(segment);
      if (rest) return { rest: rest[1] };
      const param = /^\[(\w+)\]$/.exec(segment);
      return param ? { param: param[1] } : { name: segment };
    });
  return { route, segments };
}

const rank = (segment: Segment | undefined) => (segment === undefined ? 3 : "name" in segment ? 0 : "param" in segment ? 1 : 2);

function byPriority(a: CompiledRoute, b: CompiledRoute): number {
  for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
    const diff = rank(a.segments[i]) - rank(b.segments[i]);
    if (diff !== 0) return diff;
  }
  return 0;
}

function matchSegments({ route, segments }: CompiledRoute, parts: string[], environment: Environment): RouteMatch | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if ("rest" in segment) {
      if (i >= parts.length) return null;
      params[segment.rest] = parts.slice(i).join("/");
      return { route, params, environment };
    }
    if (i >= parts.length) return null;
    if ("name" in segment) {
      if (segment.name !== parts[i]) return null;
    } else {
      params[segment.param] = parts[i];
    }
  }
  return segments.length === parts.length ? { route, params, environment } : null;
}

export type Router = {
  /** The route for a path's segments (already split and, where Next gives them, decoded). */
  match(parts: string[]): RouteMatch | null;
};

export function createRouter(routes: TableRoute[] = API_ROUTES, only: (route: TableRoute) => boolean = () => true): Router {
  const compiled = routes.filter(only).map(compile).sort(byPriority);
  const sandboxed = compiled.filter(({ route }) => route.sandbox);
  const sandboxSegment = SANDBOX_PREFIX.slice(1);
  return {
    match(parts) {
      const sandbox = parts[0] === sandboxSegment;
      const [candidates, rest, environment]: [CompiledRoute[], string[], Environment] = sandbox ? [sandboxed, parts.slice(1), "sandbox"] : [compiled, parts, "live"];
      for (const route of candidates) {
        const found = matchSegments(route, rest, environment);
        if (found) return found;
      }
      return null;
    },
  };
}

/** "/test/api/v4/payments/link" -> ["test", "api", "v4", "payments", "link"]. */
export const pathSegments = (pathname: string) => pathname.split("/").slice(1);
