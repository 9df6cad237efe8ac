import path from "node:path";
import { isOutsideProxy } from "@/lib/core/domain/api-trees";
import { environmentFromPath } from "@/lib/core/domain/environment";
import { ENVIRONMENT_HEADER } from "@/lib/core/request/environment-header";
import { dispatch as dispatchToTable } from "@/lib/surfaces/api-routes/catch-all-route";
import { NEXT_FILE_ROUTES, nextRouteFile, type TableRoute } from "@/lib/surfaces/api-routes/route-table";
import { createRouter, pathSegments } from "@/lib/surfaces/api-routes/router";
import { METHODS, type Handler, type Method } from "@/lib/surfaces/http/route-handler";
import { API_TREE_HEADERS } from "@/lib/surfaces/http/security-headers";
import { appRouteFiles } from "./route-files";

// Calls the API's handlers in process, as Request -> Response, through the route table
// (lib/surfaces/api-routes), as Next's catch-all route files do, and gives the answers of /api and
// /public the headers next.config.ts gives them. The request keeps its full path ("/test/..." for
// the sandbox), whose match by the table's router gives the API routes their environment, and
// carries the header proxy.ts gives the routes behind it (the e2e suite covers both over real HTTP).

// Allowed as better-auth's base URL host by vitest.config.ts's BETTER_AUTH_ALLOWED_HOSTS.
export const ORIGIN = "http://pay.test";

/**
 * Hands a request to the app's route for its path (full path, "/test/..." for the sandbox), as Next.js would.
 * `rawPath` is the path as the caller wrote it, before the URL parser drops a "#..." or
 * normalizes it: the fuzz tests route on what they generated.
 */
export async function dispatch(request: Request, rawPath = new URL(request.url).pathname): Promise<Response> {
  const method = request.method as Method;
  if (!METHODS.includes(method)) throw new Error(`The route table answers no ${method}: Next.js does`);
  const { environment, pathname } = environmentFromPath(rawPath);
  request.headers.set(ENVIRONMENT_HEADER, environment);
  // The Host every HTTP/1.1 client sends, which the handlers build their URLs from (hostOrigin).
  if (!request.headers.has("host")) request.headers.set("host", new URL(request.url).host);
  // A route file Next routes to before the table's catch-alls: a library's under /api (the full
  // path), or one of the page tree's, behind proxy.ts, which strips "/test".
  const file = nextFiles.match(pathSegments(rawPath)) ?? pageFiles.match(pathSegments(pathname));
  if (file) {
    const module = (await import(path.join(root, fileOf.get(file.route)!))) as Record<string, Handler | undefined>;
    const handler = module[method] ?? (() => Promise.reject(new Error(`${fileOf.get(file.route)} has no ${method}`)));
    return handler(request, { params: Promise.resolve(file.params) });
  }
  const response = await dispatchToTable(method, request, pathSegments(rawPath));
  return isOutsideProxy(rawPath) ? withApiTreeHeaders(response) : response;
}

/** What next.config.ts (and the lane) give every answer of the trees outside the proxy; the route's own headers win. */
function withApiTreeHeaders(response: Response): Response {
  const headers = new Headers(API_TREE_HEADERS);
  response.headers.forEach((value, name) => headers.set(name, value));
  for (const cookie of response.headers.getSetCookie()) headers.append("set-cookie", cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

const root = path.resolve(import.meta.dirname, "../..");
const fileOf = new Map<TableRoute, string>();
function fileRouter(files: { path: string; file: string }[]) {
  const routes = files.map(({ path: routePath, file }) => {
    const route: TableRoute = { path: routePath, methods: [], handlers: {} };
    fileOf.set(route, file);
    return route;
  });
  return createRouter(routes);
}
const nextFiles = fileRouter(NEXT_FILE_ROUTES.map((routePath) => ({ path: routePath, file: nextRouteFile(routePath) })));
/** The page tree's route files (a QR code, a CSV export, the locale switch, the sandbox operator's decision). */
const pageFiles = fileRouter(appRouteFiles().filter((route) => !route.inApiTree));

export type CallOptions = { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string>; query?: Record<string, string> };
export type ApiResponse = { status: number; headers: Headers; body: any };

export async function call(method: string, fullPath: string, options: CallOptions = {}): Promise<ApiResponse> {
  const headers = new Headers(options.headers);
  if (options.key) headers.set("authorization", `Bearer ${options.key}`);
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");

  const search = options.query ? `?${new URLSearchParams(options.query)}` : "";
  const response = await dispatch(new Request(`${ORIGIN}${fullPath}${search}`, { method, headers, body }), fullPath);
  const text = await response.text();
  const json = response.headers.get("content-type")?.includes("json");
  return { status: response.status, headers: response.headers, body: text && json ? JSON.parse(text) : text || null };
}
