// The merchant's webhook events, newest first, by cursor pages and filters
import { listEvents as readEventPage } from "@/lib/features/events/list-events";
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { validationError } from "@/lib/core/errors/validation-errors";
import { listEventsQuerySchema, EVENT_RETENTION_DAYS, eventListSchema } from "@/lib/core/schemas/event";
import { commonErrors, errorResponse } from "@/lib/surfaces/openapi/responses";
import * as examples from "@/lib/surfaces/openapi/examples";
import { apiOperation } from "../operation";

export const listEvents = apiOperation({
  method: "GET",
  path: "/api/v4/events",
  sandbox: true,
  lane: true,
  order: 800,
  openapi: {
    operationId: "listEvents",
    summary: "The webhook events your links, deposits, transfers and refunds produced, newest first",
    description:
      `Every event of the path's environment from the last ${EVENT_RETENTION_DAYS} days, recorded with or without a ` +
      "callbackUrl, with the payload exactly as it was signed. Pages by cursor: pass the last `id` as `startingAfter` " +
      "for older events (events recorded meanwhile only appear before the first page, so a walk never skips nor " +
      "repeats one), or the first `id` as `endingBefore` for newer ones. Needs the `events:read` scope.",
    requestParams: { query: listEventsQuerySchema },
    responses: {
      "200": { description: "One page of events", content: { "application/json": { schema: eventListSchema, example: { data: [examples.event], hasMore: false } } } },
      "400": errorResponse(
        "40023 a query rule: limit not 1..100, an unknown type, a malformed cursor or date, startingAfter with endingBefore, an unknown parameter",
        [40023, "limit must be a whole number from 1 to 100"],
        [40023, "type must be one or more of payment_link.completed, payment_link.failed, ..."],
        [40023, "give startingAfter or endingBefore, not both"],
      ),
      ...commonErrors,
    },
  },
  handler: apiRoute({ auth: { scope: "events:read" } }, async ({ db, request, principal, environment }) => {
    const input = Object.fromEntries(new URL(request.url).searchParams);
    const parsed = listEventsQuerySchema.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error, input);
    return { body: await readEventPage(db, { merchantId: principal.merchantId, environment, query: parsed.data }) };
  }),
});
