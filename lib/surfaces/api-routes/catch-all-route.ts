// How Next.js reaches the route table: each API tree has one catch-all route file in app/
// ("app/api/[...path]/route.ts" and its siblings), whose methods hand the request to the table's
// route for the whole path. Next gives the catch-all the path's segments decoded, as it would give
// a route folder's parameters.
import { answerResponse } from "@/lib/surfaces/http/json-answer";
import { METHODS, type Handler, type Method, type RouteHandlers } from "@/lib/surfaces/http/route-handler";
import type { NextRouteContext } from "@/lib/surfaces/http/route-params";
import { openApiLane } from "./api-lane";
import { createRouter, pathSegments } from "./router";

const router = createRouter();

/**
 * Calls the table's route for `parts` (the path's segments, "/test" included). Every API tree ends
 * in a catch-all of the table, so a path of these trees always finds a route.
 */
export async function dispatch(method: Method, request: Request, parts: string[]): Promise<Response> {
  const found = router.match(parts);
  const handler = found?.route.handlers[method];
  if (!found || !handler) throw new Error(`The route table has no ${method} route for /${parts.join("/")}`);
  // An ApiHandler's answer (with the parameters and environment matched) becomes the Response Next
  // sends; a plain route function makes its own.
  if (typeof handler === "function") return handler(request, { params: Promise.resolve(found.params) });
  return answerResponse(await handler.answer(request, found));
}

/** The methods of the catch-all route file at `prefix` ("/api", "/test/public", ...). */
export function catchAllRoute(prefix: string): RouteHandlers {
  const prefixParts = pathSegments(prefix);
  const forMethod =
    (method: Method): Handler =>
    async (request: Request, context: NextRouteContext) => {
      const { path = [] } = await context.params;
      return dispatch(method, request, [...prefixParts, ...(Array.isArray(path) ? path : [path])]);
    };
  return Object.fromEntries(METHODS.map((method) => [method, forMethod(method)])) as RouteHandlers;
}

// The lane opens where the handlers are: with this module, in the same module instances Next's
// catch-alls use (their rate limiters, caches and circuit breakers are the lane's), the first time
// a production server loads an API route (server/app-server.cjs asks for one as it starts).
openApiLane();
