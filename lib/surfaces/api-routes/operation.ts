import type { ZodOpenApiOperationObject } from "zod-openapi";
import type { Method, OperationHandler } from "@/lib/surfaces/http/route-handler";

// One operation of the API, declared once in its module (merchant-api/refunds.ts, ...): what the
// route table (route-table.ts) lists, through operations.generated.ts (`npm run operations:generate`
// writes it from the modules). Next's catch-all route files, the front door's lane, the tests'
// harness and the OpenAPI document (lib/surfaces/openapi/document.ts) all read these.

/**
 * A documented operation also says where its path goes in the OpenAPI document, which is the order
 * of the docs page and of the SDK's types: nothing else about it gives that order (the document reads
 * links, pages, deposits... as a reader meets them, not alphabetically).
 */
type Documentation =
  | {
      /**
       * The operation in the OpenAPI document (served at /api/v4/openapi.json), under this path and
       * method; without it the operation is not documented (the checkout's, the support view's...).
       */
      openapi: ZodOpenApiOperationObject;
      /**
       * Its path's place in the document, ascending; two paths never share one. The hundreds are a
       * resource (100 links, 200 pages, 300 deposits... 900 gateways), with room left between.
       */
      order: number;
    }
  | { openapi?: undefined; order?: undefined };

export type ApiOperation = Documentation & {
  /** "*": every method answers alike (a tree's catch-all, a retired path), with no Allow to give. */
  method: Method | "*";
  /** As Next.js names its route folders: "/api/v4/refunds/[reference]", "/api/[...path]". */
  path: string;
  /** Also answers as "/test" + path, in the sandbox (the router tells the handler which: router.ts). */
  sandbox?: boolean;
  /** Answered by the front door's lane in a production server (the merchant API: api-lane.ts). */
  lane?: boolean;
  /**
   * false: not counted in the request metrics (lib/surfaces/http/metered-handler.ts) and no span
   * of its own (lib/surfaces/http/traced-handler.ts). For the
   * probes, which machines ask every few seconds: they would drown the merchants' traffic, and
   * the liveness probe is the benchmark's floor, kept at its bare cost.
   */
  metered?: false;
  /**
   * Made with apiRoute (lib/surfaces/http/api-route.ts): an ApiHandler (route-handler.ts), whose
   * fields are its answer, the key's scope and the body's limit. Or a function making a Response
   * (supportRoute's, a probe's, a bench floor's).
   */
  handler: OperationHandler;
};

/**
 * Declares an operation, as `export const name = apiOperation({...})` in a module of this folder's
 * folders; the module exports nothing else (operations.generated.ts lists every export). The
 * operations of one path (the support view's session: GET, POST, DELETE) are declared apart and
 * grouped by the route table; they must agree on `sandbox` and `lane`.
 */
export const apiOperation = <T extends ApiOperation>(operation: T): T => operation;
