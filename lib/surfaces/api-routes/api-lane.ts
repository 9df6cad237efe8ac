// The API lane: in a production server, the merchant API's requests are answered straight from
// the route table, without Next's per-request machinery (its router matching the path against
// every route, its manifests, its request and response wrappers). That machinery cost more CPU per
// request than everything our handlers do, key check and SQL included: the lane is what lets one
// core serve several times the API requests Next alone can (bench/README.md).
//
// Same handlers, same answers: the lane calls the table's handlers, as Next does through the
// catch-all route files (catch-all-route.ts), with a standard Request (lane-request.ts) and the path's parameters,
// and sends their answer with the headers next.config.ts gives these trees and the compression
// Next applies. An ApiHandler's answers (the route wrapper's: lib/surfaces/http/route-handler.ts,
// a JsonAnswer) are written as they are, without a Fetch Response between; a handler that only
// makes a Response is read back from it. Whatever it does not recognize (a route not marked `lane`, HEAD or OPTIONS, a path
// with an escape, a dot in a parameter or a trailing slash) goes on to Next untouched. The front
// door (server/front-door.cjs) offers it each request after the client's address is recorded.
import type { IncomingMessage, ServerResponse } from "node:http";
import compression from "compression";
import { answerResponse, errorAnswer, type JsonAnswer, requestIdFor } from "@/lib/surfaces/http/json-answer";
import { type Handler, type Method, METHODS, type OperationHandler } from "@/lib/surfaces/http/route-handler";
import { MAX_BODY_BYTES } from "@/lib/surfaces/http/read-body-text";
import { errorFields, log } from "@/lib/core/logging/log";
import { loggableUrl } from "@/lib/core/logging/loggable-url";
import { API_TREE_HEADERS, HSTS, wantsHsts } from "@/lib/surfaces/http/security-headers";
import { laneRequest } from "./lane-request";
import { API_ROUTES } from "./route-table";
import { createRouter, pathSegments, type RouteMatch, type Router } from "./router";

const LANE_METHODS = new Set<string>(METHODS);

/**
 * The characters the lane accepts in a path. Anything else (a %-escape, a "+", a trailing or double
 * slash) goes to Next, which decodes, normalizes or redirects it as it always did. A parameter's
 * value takes no dot either, so "." and ".." are never a parameter.
 */
const LANE_PATH = /^(\/[A-Za-z0-9_.~-]+)+$/;
const PARAM_VALUE = /^[A-Za-z0-9_~-]+$/;

// Next compresses what its server sends (next.config's `compress`, on by default) with this same
// middleware and its default threshold: answers under 1 KiB go as they are.
const compress = compression();
const COMPRESSION_THRESHOLD = 1024;

export type ApiLane = {
  /** Answers the request and returns true, or returns false and leaves it wholly to Next. */
  take(req: IncomingMessage, res: ServerResponse): boolean;
};

let lane: ApiLane | undefined;

/** The API lane: the route table's routes marked `lane`, made once per module instance. */
export function apiLane(): ApiLane {
  return (lane ??= createApiLane(createRouter(API_ROUTES, (route) => route.lane === true)));
}

/**
 * Where the front door (server/front-door.cjs) finds the lane. The front door is plain CommonJS,
 * loaded by server/app-server.cjs outside Next's bundles: it cannot import this module, and a copy
 * of it loaded there would call other instances of the handlers' modules than Next's catch-alls
 * do (other rate limiters, caches and circuit breakers). So the lane is handed over on
 * globalThis, under this one name, which front-door.cjs reads.
 */
const FRONT_DOOR_LANE = "__pcsApiLane";

/**
 * Opens the lane to the front door, in a production server unless API_LANE=0: called as Next
 * loads the API's catch-all routes (catch-all-route.ts), so the lane lives where the handlers do.
 * The first bundle to load wins; `npm run dev` has no lane.
 */
export function openApiLane(): void {
  if (process.env.NODE_ENV !== "production" || process.env.API_LANE === "0") return;
  const global = globalThis as unknown as Record<typeof FRONT_DOOR_LANE, ApiLane | undefined>;
  global[FRONT_DOOR_LANE] ??= apiLane();
}

/** A lane over `router` (apiLane's: the table's routes marked `lane`). */
export function createApiLane(router: Router): ApiLane {
  return {
    take(req, res) {
      const method = req.method ?? "GET";
      if (!LANE_METHODS.has(method)) return false;
      const url = req.url ?? "/";
      const query = url.indexOf("?");
      const pathname = query < 0 ? url : url.slice(0, query);
      if (!LANE_PATH.test(pathname)) return false;
      const found = router.match(pathSegments(pathname));
      const handler = found?.route.handlers[method as Method];
      if (!found || !handler || !Object.values(found.params).every((value) => PARAM_VALUE.test(value))) return false;
      answer(req, res, handler, found).catch((error) => {
        log("error", "API lane: no answer could be sent", { url: loggableUrl(url), ...errorFields(error) });
        res.destroy();
      });
      return true;
    },
  };
}

/**
 * The origin of the Request the lane builds. Never the client's Host: the handlers log the path
 * from the Request's URL, and a Host such as "x?" or "x/test" would move the path into the query or
 * put /test in front of it ("a@b", a URL with credentials, could not make a Request at all). Next does the same, building the URL from its own bind address; the
 * handlers that hand URLs back to the client (hostOrigin) read the Host header itself.
 */
const LANE_ORIGIN_HOST = "localhost";

async function answer(req: IncomingMessage, res: ServerResponse, handler: OperationHandler, found: RouteMatch) {
  // The path is the one the table matched (LANE_PATH's characters only), followed by the query.
  let request: Request;
  let bodyBytes: Uint8Array | undefined;
  const limit = (typeof handler === "function" ? undefined : handler.maxBodyBytes) ?? MAX_BODY_BYTES;
  try {
    // No more of the body than the route reads, and one byte past it for its 413.
    ({ request, body: bodyBytes } = await laneRequest(req, LANE_ORIGIN_HOST, limit));
  } catch (error) {
    // The client went away while sending its body: no one to answer.
    log("info", "API lane: request abandoned", { url: loggableUrl(req.url ?? "/"), ...errorFields(error) });
    res.destroy();
    return;
  }
  if (typeof handler === "function") return answerFromResponse(req, res, request, handler, found.params);
  let result: JsonAnswer;
  try {
    // The parameters and the environment as the router matched them, the body as read.
    result = await handler.answer(request, { params: found.params, environment: found.environment, bodyBytes });
  } catch (error) {
    // The route wrapper answers its own errors; this is for a handler that throws past it.
    result = errorAnswer(error, requestIdFor(request), request);
  }
  if (res.destroyed) return;
  // A body cut past the limit leaves the rest of it unread on the connection, where the client's
  // next request would wait behind it for ever: this answer closes the connection instead.
  if (bodyBytes && bodyBytes.byteLength > limit) result = { ...result, headers: { ...result.headers, connection: "close" } };
  writeAnswer(req, res, result);
}

/** Every answer's headers before its own: the API trees' (next.config.ts) and HSTS behind HTTPS. */
function treeHeaders(req: IncomingMessage): Record<string, string | number> {
  const headers: Record<string, string | number> = { ...API_TREE_HEADERS };
  const forwarded = req.headers["x-forwarded-proto"];
  if (wantsHsts("http:", Array.isArray(forwarded) ? forwarded.join(", ") : (forwarded ?? null))) headers["strict-transport-security"] = HSTS;
  return headers;
}

/**
 * A JSON answer, written at once. Under the compression threshold, what the middleware would do
 * is only to add Vary (a compressible type without no-transform), done here without wrapping the
 * response; anything else goes through it.
 */
function writeAnswer(req: IncomingMessage, res: ServerResponse, answer: JsonAnswer) {
  const length = Buffer.byteLength(answer.body);
  const headers = treeHeaders(req);
  for (const name in answer.headers) headers[name] = answer.headers[name];
  headers["content-length"] = length;
  const plainJson =
    length < COMPRESSION_THRESHOLD &&
    answer.headers["content-type"]?.startsWith("application/json") &&
    answer.headers.vary === undefined &&
    !/(?:^|,)\s*?no-transform\s*?(?:,|$)/.test(answer.headers["cache-control"] ?? "");
  if (plainJson) {
    headers.vary = "Accept-Encoding";
    res.writeHead(answer.status, headers);
    // The text as it is: Node sends a string body in the same write as the head (one socket write
    // instead of a writev of two buffers, and no Buffer copy of the JSON: issue 38's profile).
    res.end(answer.body);
    return;
  }
  compress(req as never, res as never, () => {
    for (const name in headers) res.setHeader(name, headers[name]);
    res.statusCode = answer.status;
    res.end(Buffer.from(answer.body));
  });
}

/** A handler that answers with a Response only (the probes, the bench floors, Better Auth's...): read whole and sent. */
async function answerFromResponse(req: IncomingMessage, res: ServerResponse, request: Request, handler: Handler, params: Record<string, string>) {
  let response: Response;
  try {
    response = await handler(request, { params: Promise.resolve(params) });
  } catch (error) {
    response = answerResponse(errorAnswer(error, requestIdFor(request), request));
  }
  // Read whole: the API's answers are small JSON documents, and one write with its length lets
  // the compression middleware judge the size.
  const body = Buffer.from(await response.arrayBuffer());
  if (res.destroyed) return;
  compress(req as never, res as never, () => {
    for (const [name, value] of Object.entries(treeHeaders(req))) res.setHeader(name, value);
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") res.setHeader(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) res.setHeader("set-cookie", cookies);
    res.setHeader("content-length", body.byteLength);
    res.statusCode = response.status;
    res.end(body);
  });
}
