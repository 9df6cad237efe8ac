// The OpenAPI 3.1 document of this API
import { publicBaseUrl } from "@/lib/core/domain/public-base-url";
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { buildOpenApiDocument } from "@/lib/surfaces/openapi/document";
import { apiOperation, type ApiOperation } from "../operation";

/**
 * The document's own operation, given the operations it describes: the route table passes its
 * list (it cannot be imported here, since the table imports this module).
 */
export const getOpenApiDocument = (operations: () => readonly ApiOperation[]) =>
  apiOperation({
    method: "GET",
    path: "/api/v4/openapi.json",
    sandbox: true,
    lane: true,
    handler: apiRoute({ auth: "none" }, async ({ origin }) => ({ body: buildOpenApiDocument(publicBaseUrl(origin), operations()) })),
  });
