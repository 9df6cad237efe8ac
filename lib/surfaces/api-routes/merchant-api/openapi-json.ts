// GET /api/v4/openapi.json - the OpenAPI 3.1 document of this API
import { publicBaseUrl } from "@/lib/core/domain/public-base-url";
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { buildOpenApiDocument } from "@/lib/surfaces/openapi/document";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: apiRoute({ auth: "none" }, async ({ origin }) => ({ body: buildOpenApiDocument(publicBaseUrl(origin)) })),
});
