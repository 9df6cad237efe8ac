import { z } from "zod";
import { EVENT_RETENTION_DAYS, eventListSchema, eventSchema, listEventsQuerySchema } from "@/lib/core/schemas/event";
import { commonErrors, errorResponse, notFoundError } from "../responses";
import * as examples from "../examples";
import type { Resource } from "./shared";

/** The events API over the webhook outbox: a page of events, one event. */
export const events: Resource = {
  paths: {
    "/api/v4/events": {
      get: {
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
    },
    "/api/v4/events/{id}": {
      get: {
        operationId: "getEvent",
        summary: "One event, with the payload exactly as it was signed",
        requestParams: { path: z.object({ id: z.string().meta({ example: "msg_01KAQ7Z8M6X5V4T3R2Q1P0N9M8" }) }) },
        responses: {
          "200": { description: "The event", content: { "application/json": { schema: eventSchema, example: examples.event } } },
          "404": notFoundError,
          ...commonErrors,
        },
      },
    },
  },
};
