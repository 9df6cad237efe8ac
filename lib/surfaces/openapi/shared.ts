import { z } from "zod";
import type { ZodOpenApiResponseObject } from "zod-openapi";
import { paymentPageSchema } from "@/lib/core/schemas/payment-page";
import * as examples from "./examples";
import { commonErrors, errorResponse, jsonContent, notFoundError } from "./responses";

// What several operations' OpenAPI text shares. Each operation's own text is in its module, beside
// its handler (lib/surfaces/api-routes/merchant-api); document.ts assembles them.

/** GET of one resource by its reference: 404 also for another merchant's or the other environment's. */
export const readByReference = (operationId: string, summary: string, found: ZodOpenApiResponseObject) => ({
  operationId,
  summary,
  requestParams: { path: z.object({ reference: z.string() }) },
  responses: { "200": found, "404": notFoundError, ...commonErrors },
});

/** A payment page in an answer. */
export const pageResponse = (description: string) => ({ description, ...jsonContent(paymentPageSchema, examples.paymentPage) });

/** Turning a payment page on or off: the page as it now reads. */
export const switchOperation = (operationId: string, summary: string, description: string, refusals?: ReturnType<typeof errorResponse>) => ({
  operationId,
  summary,
  description,
  requestParams: { path: z.object({ reference: z.string() }) },
  responses: { "200": pageResponse("The page, as it now reads"), ...(refusals ? { "400": refusals } : {}), "404": notFoundError, ...commonErrors },
});

const idempotencyHeader = z.string().min(1).max(255).optional().meta({
  description:
    "Client-chosen key (1-255 characters) kept 24 h per merchant, environment and operation. Same key and body: the " +
    "first response is replayed with `Idempotent-Replayed: true`.",
});

export const idempotencyParams = { header: z.object({ "Idempotency-Key": idempotencyHeader }) };

const webhookHeaders = z.object({
  "webhook-id": z.string().meta({ description: "The event id, the same on every retry: deduplicate on it." }),
  "webhook-timestamp": z.string().meta({ description: "Unix seconds of this attempt." }),
  "webhook-signature": z.string().meta({ description: "Standard Webhooks v1 signatures, space-separated (two during a secret rotation)." }),
  traceparent: z.string().optional().meta({
    description:
      "W3C Trace Context of this attempt, when the service traces: its trace is the one of the request that created the payment " +
      "(the X-Trace-Id of that API answer), so your handler can continue it.",
  }),
  "x-trace-id": z.string().optional().meta({ description: "The trace id of the traceparent (32 hex digits), when the service traces." }),
});
const webhookDescription =
  "Signed per Standard Webhooks with the merchant's webhook secret. Answer 2xx within 10 s; anything else is retried " +
  "after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then dead-lettered. Confirm the status with a GET before trusting it.";
/** A webhook the service sends: the same headers, retry schedule and answer for every resource. */
export const webhook = (operationId: string, summary: string, schema: z.ZodType, example: unknown) => ({
  post: {
    operationId,
    summary,
    description: webhookDescription,
    requestParams: { header: webhookHeaders },
    requestBody: jsonContent(schema, example),
    responses: { "2XX": { description: "Received" } },
  },
});
