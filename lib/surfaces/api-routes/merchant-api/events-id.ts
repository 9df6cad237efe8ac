// GET /api/v4/events/{id} - one webhook event, with the payload exactly as it was signed
import { getEventOrThrow } from "@/lib/features/events/get-event-or-throw";
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: apiRoute({ auth: { scope: "events:read" } }, async ({ db, params, principal, environment }) => {
    return { body: await getEventOrThrow(db, { id: params.id, merchantId: principal.merchantId, environment }) };
  }),
});
