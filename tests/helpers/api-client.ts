import { environmentFromPath } from "@/lib/domain/environment";
import { ENVIRONMENT_HEADER } from "@/lib/request/environment-header";
import { appRoutes, routeModulePath } from "./app-routes";

// Calls the app's route handlers in process, as Request -> Response. The request keeps its full
// path ("/test/..." for the sandbox), from which the API routes read the environment, and carries
// the header proxy.ts gives the routes behind it (the e2e suite covers both over real HTTP).

type RouteModule = Record<string, (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>>;

const ROUTES = appRoutes();

export const ORIGIN = "http://pay.test";
// The test origin is not the local machine: allow it as better-auth's base URL host (lib/auth/auth.ts),
// for the support view's sign-in as for the dashboard's.
process.env.BETTER_AUTH_ALLOWED_HOSTS = new URL(ORIGIN).host;

/**
 * Hands a request to the app's route for its path (full path, "/test/..." for the sandbox), as Next.js would.
 * `rawPath` is the path as the caller wrote it, before the URL parser drops a "#..." or
 * normalizes it: the fuzz tests route on what they generated.
 */
export async function dispatch(request: Request, rawPath = new URL(request.url).pathname): Promise<Response> {
  const { environment, pathname } = environmentFromPath(rawPath);
  const route = ROUTES.find((r) => r.pattern.test(pathname));
  if (!route) throw new Error(`No test route for ${pathname}`);
  const params = route.pattern.exec(pathname)?.groups ?? {};
  request.headers.set(ENVIRONMENT_HEADER, environment);
  const handler = ((await import(routeModulePath(route))) as RouteModule)[request.method];
  return handler(request, { params: Promise.resolve(params) });
}

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
