import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { codeSamples } from "./code-samples";
import { webhooks } from "./webhooks";

/**
 * What the document reads of an operation (lib/surfaces/api-routes/operation.ts, written here
 * without importing it: the operations' modules import this folder's responses and examples).
 */
export type DocumentedOperation = { method: string; path: string; openapi?: ZodOpenApiOperationObject; order?: number };

/**
 * The documented operations as OpenAPI paths, by their `order` (the table's own order is its
 * modules', which says nothing of a reader's): "/api/v4/refunds/[reference]" becomes
 * "/api/v4/refunds/{reference}". Fails on a documented operation without an order, or on two paths
 * sharing one (which of them comes first would be left to the modules' order).
 */
function pathsOf(operations: readonly DocumentedOperation[]): ZodOpenApiPathsObject {
  const documented = operations.filter((operation) => operation.openapi);
  const pathAt = new Map<number, string>();
  for (const { method, path, order } of documented) {
    if (order === undefined) throw new Error(`${method} ${path}: a documented operation needs its order (its place in the OpenAPI document)`);
    const other = pathAt.get(order);
    if (other !== undefined && other !== path) throw new Error(`${other} and ${path} share the order ${order}: give one another place`);
    pathAt.set(order, path);
  }
  const paths: ZodOpenApiPathsObject = {};
  for (const { method, path, openapi } of documented.toSorted((a, b) => (a.order ?? 0) - (b.order ?? 0))) {
    const key = path.replace(/\[(\w+)\]/g, "{$1}");
    paths[key] = { ...paths[key], [method.toLowerCase()]: openapi };
  }
  return paths;
}

/**
 * The OpenAPI 3.1 document of `operations` (the route table's: openApiDocument in
 * lib/surfaces/api-routes/route-table.ts), generated from the same zod schemas that validate
 * requests. Each operation's text is in its module, beside its handler; the webhooks are in webhooks.ts.
 */
export function buildOpenApiDocument(serverUrl: string, operations: readonly DocumentedOperation[]) {
  const document = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Payment Collection Service",
      version: "2.0.0",
      description:
        "Collect mobile-money payments in West and Central Africa. The sandbox is the same API under /test: " +
        "every sandbox transaction is simulated and its references carry TEST_.",
    },
    // The sandbox first: the samples Scalar generates use the first server, and a developer's
    // first key (the dashboard's) is a sandbox key, which production's paths answer 401.
    servers: [
      { url: `${serverUrl}/test`, description: "Sandbox (sk_test_ keys)" },
      { url: serverUrl, description: "Production (sk_live_ keys)" },
    ],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "sk_test_... or sk_live_..." } } },
    security: [{ bearer: [] }],
    webhooks,
    paths: pathsOf(operations),
  });
  addCodeSamples(document, serverUrl);
  addAnswerHeaders(document);
  return document;
}

/**
 * The headers of every answer of the API, named on each response of each operation: the request id
 * (always there: declared once in components.headers), and the trace id when the service traces
 * (docs/api-guide.md, "Following a payment"), written out on each response: a header given by
 * reference reads as required in the generated SDK's types, and this one is absent when tracing is off.
 */
const REQUEST_ID_HEADER = {
  description: "The request's id: yours when you sent a sane X-Request-Id, else one of ours (req_...). Logs carry it; quote it to support.",
  schema: { type: "string" },
} as const;
const TRACE_ID_HEADER = {
  description: "When the service traces: this request's W3C trace id (your traceparent's if you sent a valid one), also in the webhooks of a payment it created.",
  required: false,
  schema: { type: "string", pattern: "^[0-9a-f]{32}$" },
} as const;

function addAnswerHeaders(document: ReturnType<typeof createDocument>) {
  document.components = { ...document.components, headers: { ...document.components?.headers, "X-Request-Id": REQUEST_ID_HEADER } };
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of ["get", "post", "put", "patch", "delete"] as const) {
      const operation = (item as Record<string, { responses?: Record<string, { headers?: Record<string, unknown> }> } | undefined>)[method];
      for (const response of Object.values(operation?.responses ?? {})) {
        if ("$ref" in response) continue;
        response.headers = { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" }, "X-Trace-Id": TRACE_ID_HEADER, ...response.headers };
      }
    }
  }
}

/** An example value for a path parameter that has none: a sandbox reference of the path's resource. */
const referenceExamples: [prefix: string, reference: string][] = [
  ["/api/v4/payments/link/", "LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K"],
  ["/api/v4/deposits/", "DEP_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K"],
  ["/api/v4/transfers/", "TRF_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K"],
  ["/api/v4/refunds/", "RFD_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K"],
];
/** Query parameters a sample shows (the others, cursors and filters, would contradict each other). */
const sampleQuery = new Set(["limit", "currency", "from", "to"]);

type Parameter = { in: string; name: string; example?: unknown; schema?: { example?: unknown } };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
  security?: Record<string, unknown>[];
  "x-codeSamples"?: unknown;
};

/** Gives every operation its request samples (code-samples.ts), built from its own examples. */
function addCodeSamples(document: ReturnType<typeof createDocument>, origin: string) {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ["get", "post", "put", "patch", "delete"] as const) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      const exampleOf = (p: Parameter) => p.example ?? p.schema?.example;
      const pathParams = Object.fromEntries(
        parameters
          .filter((p) => p.in === "path")
          .map((p) => [p.name, String(exampleOf(p) ?? referenceExamples.find(([prefix]) => path.startsWith(prefix))?.[1] ?? p.name)]),
      );
      const query = Object.fromEntries(
        parameters.filter((p) => p.in === "query" && sampleQuery.has(p.name) && exampleOf(p) !== undefined).map((p) => [p.name, String(exampleOf(p))]),
      );
      operation["x-codeSamples"] = codeSamples(origin, {
        method,
        path,
        pathParams,
        query,
        body: operation.requestBody?.content?.["application/json"]?.example,
        idempotent: parameters.some((p) => p.in === "header" && p.name === "Idempotency-Key"),
        keyOptional: operation.security?.some((requirement) => Object.keys(requirement).length === 0),
      });
    }
  }
}
