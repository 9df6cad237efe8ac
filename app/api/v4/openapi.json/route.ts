// GET /api/v4/openapi.json - the OpenAPI 3.1 document of this API
import { apiRoute, routeMethods } from "@/lib/http/api-route";
import { buildOpenApiDocument } from "@/lib/openapi/document";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: apiRoute({ auth: "none" }, async ({ origin }) => ({ body: buildOpenApiDocument(process.env.PAYMENT_BASE_URL || origin) })),
});
