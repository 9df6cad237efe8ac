// The API's routes: the list of its operations, each declared once in its module (operation.ts:
// method, path, sandbox, lane, OpenAPI text and handler), grouped here by path. The modules are the
// files of this folder's folders: merchant-api/ (the spec's /api/v4 and /public), checkout/ (the
// hosted checkout page's own calls), probes/, callbacks/ (what operators and SMS providers call),
// bench/ (the benchmark's floors, answering only with BENCH_ROUTES=1) and support-api/ (the
// support view's data, behind proxy.ts). operations.generated.ts imports every one of them: Next.js
// bundles only what is imported by name, so `npm run operations:generate` writes those imports,
// and lib/surfaces/api-routes/operations-generated.test.ts fails when they are stale.
//
// Everything that serves the API reads this table: Next.js, through the catch-all route files of
// app/ (catch-all-route.ts), both in `npm run dev` and in a production build; the front door's lane
// (api-lane.ts), which answers the merchant API without Next's per-request routing; the tests'
// in-process harness (tests/helpers/api-client.ts); and the OpenAPI document, whose paths are the
// documented operations by their `order` (openApiDocument below).
//
// Paths are written as Next.js names its route folders ("[reference]", "[...path]"); the router
// (router.ts) applies Next's priority: at the first segment where two paths differ, a static name
// beats a parameter, which beats a catch-all. The list's order matters to nothing but the document.
import { publicBaseUrl } from "@/lib/core/domain/public-base-url";
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { meteredHandler } from "@/lib/surfaces/http/metered-handler";
import { tracedHandler } from "@/lib/surfaces/http/traced-handler";
import { METHODS, type Method, type OperationHandler } from "@/lib/surfaces/http/route-handler";
import { staticError, tableMethods } from "@/lib/surfaces/http/route-methods";
import { buildOpenApiDocument } from "@/lib/surfaces/openapi/document";
import { apiOperation, type ApiOperation } from "./operation";
import { DECLARED_OPERATIONS } from "./operations.generated";

/** Any other path of these trees: the spec's envelope, never an HTML page. */
const notFound = staticError(40004);
const catchAll = (path: string, sandbox?: true) => apiOperation({ method: "*", path, sandbox, handler: notFound });

export const API_OPERATIONS: readonly ApiOperation[] = [
  ...DECLARED_OPERATIONS,

  // The document of this table's documented operations: declared here, as no module the table
  // imports can import the table back.
  apiOperation({
    method: "GET",
    path: "/api/v4/openapi.json",
    sandbox: true,
    lane: true,
    handler: apiRoute({ auth: "none" }, async ({ origin }) => ({ body: openApiDocument(publicBaseUrl(origin)) })),
  }),

  apiOperation({
    method: "*",
    path: "/api/v1/[...path]",
    sandbox: true,
    handler: staticError(41000, "Use the /api/v4 paths (regenerate your API keys in the dashboard); see /api/v4/openapi.json"),
  }),
  catchAll("/api/[...path]", true),
  catchAll("/public/[...path]", true),
  catchAll("/admin/api/[...path]"),
];

/** One path of the table: the methods its operations answer (the others 400/40017, with Allow). */
export type TableRoute = {
  path: string;
  /** Also answers as "/test" + path, in the sandbox (the router tells the handlers which: router.ts). */
  sandbox?: boolean;
  /** Answered by the front door's lane in a production server (the merchant API: api-lane.ts). */
  lane?: boolean;
  /** The methods its operations declare, in METHODS' order (the others' Allow); every method for a "*" operation. */
  methods: Method[];
  /** Each method's handler: its operation's, or the 400/40017 refusal (tableMethods). */
  handlers: Partial<Record<Method, OperationHandler>>;
};

/** The operations grouped by path, in the order each path first appears; fails on two declarations of one method and path. */
export function routesOf(operations: readonly ApiOperation[]): TableRoute[] {
  const byPath = new Map<string, ApiOperation[]>();
  for (const operation of operations) byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation]);
  return [...byPath].map(([path, group]) => {
    const [first] = group;
    for (const other of group) {
      if (!!other.sandbox !== !!first.sandbox || !!other.lane !== !!first.lane) throw new Error(`${path}: its operations differ in sandbox or lane`);
    }
    const route = { path, ...(first.sandbox ? { sandbox: true } : {}), ...(first.lane ? { lane: true } : {}) };
    if (first.method === "*") {
      if (group.length > 1) throw new Error(`${path}: an every-method route has no other operation`);
      const handler = metered(first, `ANY ${path}`);
      return { ...route, methods: [...METHODS], handlers: Object.fromEntries(METHODS.map((m) => [m, handler])) };
    }
    const handlers: Partial<Record<Method, OperationHandler>> = {};
    for (const operation of group) {
      const { method } = operation;
      if (method === "*" || handlers[method]) throw new Error(`${path}: ${method} is declared twice`);
      handlers[method] = metered(operation, `${method} ${path}`);
    }
    return { ...route, methods: METHODS.filter((m) => handlers[m]), handlers: tableMethods(handlers) };
  });
}

/**
 * The operation's handler, counted in the request metrics under `name` and answering in its
 * request's span (traced-handler.ts) unless it says otherwise (the probes and the metrics
 * endpoint, which a load balancer and a scraper call all day).
 */
const metered = (operation: ApiOperation, name: string) =>
  operation.metered === false ? operation.handler : tracedHandler(name, meteredHandler(name, operation.handler));

export const API_ROUTES: TableRoute[] = routesOf(API_OPERATIONS);

/** The OpenAPI document of the table's documented operations, served at /api/v4/openapi.json. */
export const openApiDocument = (serverUrl: string) => buildOpenApiDocument(serverUrl, API_OPERATIONS);

/**
 * Paths of the API trees that Next.js routes to a file of its own (app/<path>/route.ts), before the
 * catch-alls: route files a library owns (better-auth, Inngest), not operations of ours.
 */
export const NEXT_FILE_ROUTES = ["/api/auth/[...all]", "/api/inngest"];

/** The route file of one of NEXT_FILE_ROUTES. */
export const nextRouteFile = (path: string) => `app${path}/route.ts`;
