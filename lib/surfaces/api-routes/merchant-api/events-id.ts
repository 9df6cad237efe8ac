// One webhook event, with the payload exactly as it was signed
import { getEventOrThrow } from "@/lib/features/events/get-event-or-throw";
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { z } from "zod";
import { eventSchema } from "@/lib/core/schemas/event";
import { commonErrors, notFoundError } from "@/lib/surfaces/openapi/responses";
import * as examples from "@/lib/surfaces/openapi/examples";
import { apiOperation } from "../operation";

export const getEvent = apiOperation({
  method: "GET",
  path: "/api/v4/events/[id]",
  sandbox: true,
  lane: true,
  order: 810,
  openapi: {
    operationId: "getEvent",
    summary: "One event, with the payload exactly as it was signed",
    requestParams: { path: z.object({ id: z.string().meta({ example: "msg_01KAQ7Z8M6X5V4T3R2Q1P0N9M8" }) }) },
    responses: {
      "200": { description: "The event", content: { "application/json": { schema: eventSchema, example: examples.event } } },
      "404": notFoundError,
      ...commonErrors,
    },
  },
  handler: apiRoute({ auth: { scope: "events:read" } }, async ({ db, params, principal, environment }) => {
    return { body: await getEventOrThrow(db, { id: params.id, merchantId: principal.merchantId, environment }) };
  }),
});
