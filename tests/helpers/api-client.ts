import { environmentFromPath } from "@/lib/domain/environment";
import { ENVIRONMENT_HEADER } from "@/lib/http/environment-header";

// Calls the app's route handlers in process, as Request -> Response. The request keeps its full
// path ("/test/..." for the sandbox), from which the API routes read the environment, and carries
// the header proxy.ts gives the routes behind it (the e2e suite covers both over real HTTP).

type RouteModule = Record<string, (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>>;

const ROUTES: { pattern: RegExp; load: () => Promise<RouteModule> }[] = [
  { pattern: /^\/api\/v4\/payments\/link$/, load: () => import("@/app/api/v4/payments/link/route") },
  { pattern: /^\/api\/v4\/payments\/link\/(?<reference>[^/]+)$/, load: () => import("@/app/api/v4/payments/link/[reference]/route") },
  { pattern: /^\/public\/gateways\/deposit\/list$/, load: () => import("@/app/public/gateways/deposit/list/route") },
  { pattern: /^\/public\/gateways\/withdraw\/list$/, load: () => import("@/app/public/gateways/withdraw/list/route") },
  { pattern: /^\/api\/v4\/classic\/deposit\/initiate$/, load: () => import("@/app/api/v4/classic/deposit/initiate/route") },
  { pattern: /^\/api\/v4\/deposit\/initiate$/, load: () => import("@/app/api/v4/deposit/initiate/route") },
  { pattern: /^\/api\/v4\/validation\/deposit\/generate-invoice$/, load: () => import("@/app/api/v4/validation/deposit/generate-invoice/route") },
  { pattern: /^\/api\/v4\/validation\/deposit$/, load: () => import("@/app/api/v4/validation/deposit/route") },
  { pattern: /^\/api\/v4\/validation\/deposit\/confirm$/, load: () => import("@/app/api/v4/validation/deposit/confirm/route") },
  { pattern: /^\/api\/v4\/deposits\/(?<reference>[^/]+)$/, load: () => import("@/app/api/v4/deposits/[reference]/route") },
  { pattern: /^\/api\/v4\/merchant\/balance$/, load: () => import("@/app/api/v4/merchant/balance/route") },
  { pattern: /^\/api\/v4\/merchant\/analytics$/, load: () => import("@/app/api/v4/merchant/analytics/route") },
  { pattern: /^\/api\/v4\/transfers\/instant$/, load: () => import("@/app/api/v4/transfers/instant/route") },
  { pattern: /^\/api\/v4\/transfers\/(?<reference>[^/]+)$/, load: () => import("@/app/api/v4/transfers/[reference]/route") },
  { pattern: /^\/sandbox\/operator\/(?<reference>[^/]+)\/decision$/, load: () => import("@/app/sandbox/operator/[reference]/decision/route") },
  { pattern: /^\/api\/checkout\/(?<reference>[^/]+)$/, load: () => import("@/app/api/checkout/[reference]/route") },
  { pattern: /^\/api\/checkout\/(?<reference>[^/]+)\/attempts$/, load: () => import("@/app/api/checkout/[reference]/attempts/route") },
  { pattern: /^\/api\/checkout\/(?<reference>[^/]+)\/otp$/, load: () => import("@/app/api/checkout/[reference]/otp/route") },
  { pattern: /^\/admin\/api\/session$/, load: () => import("@/app/admin/api/session/route") },
  { pattern: /^\/admin\/api\/search$/, load: () => import("@/app/admin/api/search/route") },
  { pattern: /^\/admin\/api\/links$/, load: () => import("@/app/admin/api/links/route") },
  { pattern: /^\/admin\/api\/deposits$/, load: () => import("@/app/admin/api/deposits/route") },
  { pattern: /^\/admin\/api\/payments\/(?<reference>[^/]+)$/, load: () => import("@/app/admin/api/payments/[reference]/route") },
  { pattern: /^\/admin\/api\/merchants$/, load: () => import("@/app/admin/api/merchants/route") },
  { pattern: /^\/admin\/api\/merchants\/(?<id>[^/]+)$/, load: () => import("@/app/admin/api/merchants/[id]/route") },
  { pattern: /^\/admin\/api\/merchants\/(?<id>[^/]+)\/keys$/, load: () => import("@/app/admin/api/merchants/[id]/keys/route") },
  { pattern: /^\/admin\/api\/keys\/(?<id>[^/]+)\/revoke$/, load: () => import("@/app/admin/api/keys/[id]/revoke/route") },
  { pattern: /^\/admin\/api\/webhooks$/, load: () => import("@/app/admin/api/webhooks/route") },
  { pattern: /^\/admin\/api\/webhooks\/deliveries\/(?<id>[^/]+)\/retry$/, load: () => import("@/app/admin/api/webhooks/deliveries/[id]/retry/route") },
  { pattern: /^\/admin\/api\/merchants\/(?<id>[^/]+)\/webhook-secret$/, load: () => import("@/app/admin/api/merchants/[id]/webhook-secret/route") },
  { pattern: /^\/admin\/api\/transfers$/, load: () => import("@/app/admin/api/transfers/route") },
  { pattern: /^\/admin\/api\/transfers\/pending$/, load: () => import("@/app/admin/api/transfers/pending/route") },
  { pattern: /^\/admin\/api\/transfers\/(?<reference>[^/]+)$/, load: () => import("@/app/admin/api/transfers/[reference]/route") },
  { pattern: /^\/admin\/api\/transfers\/(?<reference>[^/]+)\/approve$/, load: () => import("@/app/admin/api/transfers/[reference]/approve/route") },
  { pattern: /^\/admin\/api\/transfers\/(?<reference>[^/]+)\/reject$/, load: () => import("@/app/admin/api/transfers/[reference]/reject/route") },
  { pattern: /^\/admin\/api\/overview$/, load: () => import("@/app/admin/api/overview/route") },
  { pattern: /^\/admin\/api\/audit$/, load: () => import("@/app/admin/api/audit/route") },
  { pattern: /^\/admin\/api\/reconciliation$/, load: () => import("@/app/admin/api/reconciliation/route") },
  { pattern: /^\/locale$/, load: () => import("@/app/locale/route") },
  { pattern: /^\/api\/v4\/openapi\.json$/, load: () => import("@/app/api/v4/openapi.json/route") },
  { pattern: /^\/api\/v1\/.+$/, load: () => import("@/app/api/v1/[...path]/route") },
  { pattern: /^\/api\/.+$/, load: () => import("@/app/api/[...path]/route") },
];

export const ORIGIN = "http://pay.test";

export type CallOptions = { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string>; query?: Record<string, string> };
export type ApiResponse = { status: number; headers: Headers; body: any };

export async function call(method: string, fullPath: string, options: CallOptions = {}): Promise<ApiResponse> {
  const { environment, pathname } = environmentFromPath(fullPath);
  const route = ROUTES.find((r) => r.pattern.test(pathname));
  if (!route) throw new Error(`No test route for ${pathname}`);
  const params = route.pattern.exec(pathname)?.groups ?? {};

  const headers = new Headers(options.headers);
  headers.set(ENVIRONMENT_HEADER, environment);
  if (options.key) headers.set("authorization", `Bearer ${options.key}`);
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");

  const search = options.query ? `?${new URLSearchParams(options.query)}` : "";
  const request = new Request(`${ORIGIN}${fullPath}${search}`, { method, headers, body });
  const handler = (await route.load())[method];
  const response = await handler(request, { params: Promise.resolve(params) });
  const text = await response.text();
  const json = response.headers.get("content-type")?.includes("json");
  return { status: response.status, headers: response.headers, body: text && json ? JSON.parse(text) : text || null };
}
