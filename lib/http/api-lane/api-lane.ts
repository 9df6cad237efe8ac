// The API lane: in a production server, the merchant API's requests are answered by calling the
// route handlers Next compiled, without Next's per-request machinery (its router matching the
// path against every route, its manifests, its request and response wrappers). That machinery
// cost more CPU per request than everything our handlers do, key check and SQL included: the
// lane is what lets one core serve several times the API requests Next alone can
// (bench/README.md).
//
// Same handlers, same answers: the lane calls the very functions Next would (the exports of the
// compiled route files, loaded as Next loads them), gives them a standard Request and the path's
// parameters as Next does, and sends their Response with the headers next.config.ts gives these
// trees and the compression Next applies. Whatever it does not recognize (another tree, a method
// a route does not export, HEAD or OPTIONS, a path with an escape or a trailing slash) goes on to
// Next untouched. The front door (server/front-door.cjs) offers it each request after the client's address
// is recorded; instrumentation.ts starts it.
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequest } from "@remix-run/node-fetch-server";
import compression from "compression";
import { errorResponse, requestIdFor } from "@/lib/http/api-route";
import { errorFields, log } from "@/lib/logging/log";
import { API_TREE_HEADERS, HSTS, wantsHsts } from "@/lib/http/security-headers";
import type { NextRouteContext } from "@/lib/http/route-params";
import type { RouteTable } from "./route-table";

export type RouteHandler = (request: Request, context: NextRouteContext) => Promise<Response>;
export type RouteHandlers = Partial<Record<string, RouteHandler>>;

/** The methods our route files export (lib/http/api-route.ts, routeMethods); Next answers the rest. */
const LANE_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

// Next compresses what its server sends (next.config's `compress`, on by default) with this same
// middleware and its default threshold: answers under 1 KiB go as they are.
const compress = compression();

export type ApiLane = {
  /** Answers the request and returns true, or returns false and leaves it wholly to Next. */
  take(req: IncomingMessage, res: ServerResponse): boolean;
};

/**
 * A lane over `table`, whose routes' handlers `handlersOf` gives once they are loaded (undefined
 * before: Next answers those until then).
 */
export function createApiLane(table: RouteTable, handlersOf: (file: string) => RouteHandlers | undefined): ApiLane {
  return {
    take(req, res) {
      const method = req.method ?? "GET";
      if (!LANE_METHODS.has(method)) return false;
      const url = req.url ?? "/";
      const query = url.indexOf("?");
      const found = table.match(query < 0 ? url : url.slice(0, query));
      const handler = found && handlersOf(found.route.file)?.[method];
      if (!found || !handler) return false;
      compress(req as never, res as never, () => {
        answer(req, res, handler, found.params).catch((error) => {
          log("error", "API lane: no answer could be sent", { url: req.url, ...errorFields(error) });
          res.destroy();
        });
      });
      return true;
    },
  };
}

/**
 * The origin of the Request the lane builds. Never the client's Host: the handlers read the
 * environment and log the path from the Request's URL, and a Host such as "x?" or "x/test" moved
 * the path into the query or put /test in front of it ("a@b", a URL with credentials, could not
 * make a Request at all). Next does the same, building the URL from its own bind address; the
 * handlers that hand URLs back to the client (requestOrigin) read the Host header itself.
 */
const LANE_ORIGIN_HOST = "localhost";

async function answer(req: IncomingMessage, res: ServerResponse, handler: RouteHandler, params: Record<string, string>) {
  // The path is the one the table matched (LANE_PATH's characters only), followed by the query.
  const request = createRequest(req, res, { host: LANE_ORIGIN_HOST });
  let response: Response;
  try {
    response = await handler(request, { params: Promise.resolve(params) });
  } catch (error) {
    // The route wrapper answers its own errors; this is for a handler that throws past it.
    response = errorResponse(error, requestIdFor(request), request);
  }
  // Read whole: the API's answers are small JSON documents, and one write with its length lets
  // the compression middleware judge the size.
  const body = Buffer.from(await response.arrayBuffer());
  if (res.destroyed) return;
  for (const [name, value] of Object.entries(API_TREE_HEADERS)) res.setHeader(name, value);
  if (wantsHsts("http:", request.headers.get("x-forwarded-proto"))) res.setHeader("strict-transport-security", HSTS);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  res.setHeader("content-length", body.byteLength);
  res.statusCode = response.status;
  res.end(body);
}
