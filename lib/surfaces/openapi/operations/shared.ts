import { z } from "zod";
import type { ZodOpenApiPathsObject, ZodOpenApiResponseObject } from "zod-openapi";
import { commonErrors, jsonContent, notFoundError } from "../responses";

// What several operations share. Each other file of this folder is one resource: its operations,
// and the webhook it sends if any, beside the schemas they show; ../document.ts assembles them.

/** One resource's part of the document: its paths, and its webhook if it sends one. */
export type Resource = { paths: ZodOpenApiPathsObject; webhooks?: ZodOpenApiPathsObject };

/** GET of one resource by its reference: 404 also for another merchant's or the other environment's. */
export const readByReference = (operationId: string, summary: string, found: ZodOpenApiResponseObject) => ({
  get: {
    operationId,
    summary,
    requestParams: { path: z.object({ reference: z.string() }) },
    responses: { "200": found, "404": notFoundError, ...commonErrors },
  },
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
