import { createDocument, type ZodOpenApiPathsObject } from "zod-openapi";
import { resources } from "./operations";
import type { Resource } from "./operations/shared";

/** One part (paths or webhooks) of every resource, in one object in the order of the list. */
const merged = (part: (resource: Resource) => ZodOpenApiPathsObject | undefined): ZodOpenApiPathsObject =>
  Object.assign({}, ...resources.map(part));

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas that validate requests. Each
 * resource's operations and webhook are in operations/, beside the schemas they show.
 */
export function buildOpenApiDocument(serverUrl: string) {
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Payment Collection Service",
      version: "2.0.0",
      description:
        "Collect mobile-money payments in West and Central Africa. The sandbox is the same API under /test: " +
        "every sandbox transaction is simulated and its references carry TEST_.",
    },
    servers: [
      { url: serverUrl, description: "Production" },
      { url: `${serverUrl}/test`, description: "Sandbox" },
    ],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "sk_test_... or sk_live_..." } } },
    security: [{ bearer: [] }],
    webhooks: merged((resource) => resource.webhooks),
    paths: merged((resource) => resource.paths),
  });
}
