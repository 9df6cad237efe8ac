import { z } from "zod";
import type { ZodOpenApiResponseObject } from "zod-openapi";
import { transferBatchRefusalSchema, transferBatchSchema } from "@/lib/core/schemas/transfer-batch";
import { ERROR_CODES } from "@/lib/core/errors/error-codes";
import * as examples from "./examples";
import { commonErrors, jsonContent, notFoundError, type errorResponse } from "./responses";

// What the batch operations' OpenAPI text shares (lib/surfaces/api-routes/merchant-api/transfers-batch*.ts).

export const batchReferenceParams = { path: z.object({ reference: z.string().meta({ example: examples.transferBatchCreated.reference }) }) };

export const batchResponse = (description: string): ZodOpenApiResponseObject => ({ description, ...jsonContent(transferBatchSchema, examples.transferBatchCreated) });

const envelope = (code: 40016 | 40017 | 40021 | 40023, details: string, lines?: unknown[]) => ({
  summary: `${code} ${ERROR_CODES[code].name}`,
  value: { error: { code, message: ERROR_CODES[code].message, details, ...(lines ? { lines } : {}) } },
});

/** A batch refused whole: every refused line in `error.lines`, or the envelope's own rule broken. */
export const batchRefusals: ZodOpenApiResponseObject = {
  description:
    "40023 one or more lines refused (each in `error.lines`: its 1-based `line`, `reference`, `field` and `rule`; nothing was written), " +
    "or the envelope itself (`items` missing, empty or over 500, an unknown field, `title`); 40021 the batch's callbackUrl; 40016 body not JSON; 40017 method",
  content: {
    "application/json": {
      schema: transferBatchRefusalSchema,
      examples: {
        lines: envelope(40023, "2 of 3 lines refused, nothing was written (see error.lines): line 2: beneficiaryPhone +221770000444 is not a number of CI (+225); line 3: reference salaire-2026-11-awa is also line 1's", [
          { line: 2, reference: "salaire-2026-11-moussa", field: "beneficiaryPhone", rule: "phone_country", message: "beneficiaryPhone +221770000444 is not a number of CI (+225)" },
          { line: 3, reference: "salaire-2026-11-awa", field: "reference", rule: "duplicate_in_batch", message: "reference salaire-2026-11-awa is also line 1's" },
        ]),
        items: envelope(40023, "items must hold at most 500 transfers"),
        callbackUrl: envelope(40021, "callbackUrl must be a valid HTTPS URL"),
        json: envelope(40016, "The body must be JSON (Content-Type: application/json)"),
        method: envelope(40017, "GET is not supported here; Allow: POST"),
      },
    },
  },
};

/** An error response whose envelope may also carry `error.lines` (a batch's lines checked again). */
export const withLines = (response: ReturnType<typeof errorResponse>): ZodOpenApiResponseObject => ({
  ...response,
  content: { "application/json": { ...response.content["application/json"], schema: transferBatchRefusalSchema } },
});

/** A POST on one batch (approve, cancel, retry): no body, the batch it leaves as the answer. */
export const batchAction = (operationId: string, summary: string, description: string, answer: string, refusals: Record<string, ZodOpenApiResponseObject>) => ({
  operationId,
  summary,
  description,
  requestParams: batchReferenceParams,
  // The action's own refusals last: its 403 says more than the common one.
  responses: { "200": batchResponse(answer), "404": notFoundError, ...commonErrors, ...refusals },
});
