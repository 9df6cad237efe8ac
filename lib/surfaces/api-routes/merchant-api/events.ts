// GET /api/v4/events - the merchant's webhook events, newest first, by cursor pages and filters
import { listEvents } from "@/lib/features/events/list-events";
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { validationError } from "@/lib/core/errors/validation-errors";
import { listEventsQuerySchema } from "@/lib/core/schemas/event";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: apiRoute({ auth: { scope: "events:read" } }, async ({ db, request, principal, environment }) => {
    const input = Object.fromEntries(new URL(request.url).searchParams);
    const parsed = listEventsQuerySchema.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error, input);
    return { body: await listEvents(db, { merchantId: principal.merchantId, environment, query: parsed.data }) };
  }),
});
