import { z } from "zod";
import type { ZodOpenApiResponsesObject } from "zod-openapi";
import { ERROR_CODES, type ErrorCode } from "@/lib/core/errors/error-codes";
import { errorSchema } from "@/lib/core/schemas/error";

/** A JSON body; `example` is what the reference shows (and Scalar puts in its request samples). */
export const jsonContent = <T extends z.ZodType>(schema: T, example?: unknown) => ({
  content: { "application/json": example === undefined ? { schema } : { schema, example } },
});

export const jsonResponse = (description: string, schema: z.ZodType) => ({ description, ...jsonContent(schema) });

/** One error answer as the API sends it: the catalog's message for the code, and a sample `details`. */
export type ErrorExample = [code: ErrorCode, details: string];

/**
 * An error response with one named example per code it can carry, so the reference shows every
 * error code in its real envelope. Messages come from the catalog: they cannot drift.
 */
export const errorResponse = (description: string, ...examples: ErrorExample[]) => ({
  description,
  content: {
    "application/json": {
      schema: errorSchema,
      examples: Object.fromEntries(
        examples.map(([code, details], i) => [
          `${code}${examples.findIndex(([c]) => c === code) === i ? "" : `_${i}`}`,
          { summary: `${code} ${ERROR_CODES[code].name}`, value: { error: { code, message: ERROR_CODES[code].message, details } } },
        ]),
      ),
    },
  },
});

/** The error answers every authenticated endpoint can give, beside its own. */
export const commonErrors: ZodOpenApiResponsesObject = {
  "401": errorResponse(
    "40002 missing, invalid, revoked or other-environment key; 401 key without a merchant role",
    [40002, "Missing or invalid API key"],
    [401, "This credential is not a merchant API key"],
  ),
  "403": errorResponse(
    "40001 the key lacks the scope this operation needs, or (live keys) the merchant's live payments are not activated yet",
    [40001, "This key lacks the scope links:write"],
    [40001, "Live payments are not activated for this merchant yet: request activation in the dashboard (Activate live payments); sandbox keys under /test keep working"],
  ),
  "429": errorResponse("42900 rate limit reached; see Retry-After", [42900, "Limit of 600 requests per minute reached; retry after 12 s"]),
  "500": errorResponse(
    "50000 unexpected error; the details quote the request id",
    [50000, "Quote request id req_01JD3Z8M6X5V4T3R2Q1P0N9M8K to support"],
    [30001, "Authentication server error; retry"],
  ),
};

export const validationErrors = errorResponse(
  "40010 amount, 40011 country, 40012 gatewayName, 40014 phone, 40015 currency, 40016 body not JSON, " +
    "40017 method not supported, 40021 callbackUrl not HTTPS, 40023 any other rule (details names the field and the rule: " +
    "`is required` when absent, `must be a number` and the like for a wrong type, `body must be a JSON object`)",
  [40010, "amount must be at least 100"],
  [40011, "country CI is not served by gateway WAVE_SN"],
  [40012, "gatewayName UNKNOWN_GW is not an enabled deposit gateway"],
  [40014, "customerPhone must be + then 8 to 15 digits"],
  [40015, "currency must be one of XOF, XAF, GNF, EUR, USD"],
  [40016, "The body must be JSON (Content-Type: application/json)"],
  [40017, "GET is not supported here; Allow: POST"],
  [40021, "callbackUrl must use https"],
  [40023, "description is required"],
  [40020, "ORANGE_MONEY_CI is an OTP gateway: use POST /api/v4/validation/deposit/generate-invoice"],
);

export const idempotencyErrors: ZodOpenApiResponsesObject = {
  "409": errorResponse("40020 a request with this Idempotency-Key is still running", [40020, "A request with this Idempotency-Key is still running; retry shortly"]),
  "413": errorResponse("40023 body larger than 64 KiB", [40023, "The body is larger than 64 KiB"]),
  "422": errorResponse("40020 this Idempotency-Key was used with a different body", [40020, "This Idempotency-Key was used with a different body"]),
};

/** The errors of a POST that creates something (a body to validate, an Idempotency-Key), beside its own. */
export const creationErrors: ZodOpenApiResponsesObject = { "400": validationErrors, ...idempotencyErrors, ...commonErrors };

export const notFoundError = errorResponse("40004 no such resource for this merchant and environment", [40004, "No payment link LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K"]);

export const gatewayError = errorResponse(
  "50200 the gateway cannot take the deposit (e.g. no production operator configured)",
  [50200, "Gateway MOOV_CI has no production operator configured; nothing was created"],
);
export const operatorUnavailable = errorResponse(
  "50300 the operator is not answering (its circuit is open), or it reports the gateway's provider closed for payments " +
    "(pawaPay's availability): nothing was created; retry after Retry-After seconds",
  [50300, "MTN MoMo is not answering; retry after 30 s"],
);

export const otpErrors: ZodOpenApiResponsesObject = {
  "400": errorResponse(
    "40019 wrong code (details: tries left) or not 4 to 8 digits; 40020 not an OTP invoice, or already confirmed; " +
      "40023 otp not a string (`otp must be a string of digits`: a number such as 123456 is the client's bug, not a wrong code) or another body rule",
    [40019, "Wrong code: 4 tries left"],
    [40020, "Already confirmed as DEP_VALID_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K"],
    [40023, "otp must be a string of digits"],
  ),
  "404": errorResponse(
    "40006 unknown invoice reference; 40007 OTP missing, expired or spent after 5 wrong tries",
    [40006, "No invoice DEP_INV_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K"],
    [40007, "The code was spent after 5 wrong tries; generate a new invoice"],
  ),
};
