import { z } from "zod";
import type { ZodOpenApiResponsesObject } from "zod-openapi";
import { errorSchema } from "@/lib/schemas/error";

export const jsonContent = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });

export const jsonResponse = (description: string, schema: z.ZodType) => ({ description, ...jsonContent(schema) });

export const errorResponse = (description: string) => jsonResponse(description, errorSchema);

/** The error answers every authenticated endpoint can give, beside its own. */
export const commonErrors: ZodOpenApiResponsesObject = {
  "401": errorResponse("40002 missing, invalid, revoked or other-environment key; 401 key without a merchant role"),
  "403": errorResponse("40001 the key lacks the scope this operation needs"),
  "429": errorResponse("42900 rate limit reached; see Retry-After"),
  "500": errorResponse("50000 unexpected error; the message quotes the request id"),
};

export const validationErrors = errorResponse(
  "40010 amount, 40011 country, 40012 gatewayName, 40014 phone, 40015 currency, 40016 body not JSON, " +
    "40017 method not supported, 40021 callbackUrl not HTTPS, 40023 any other rule (details names the field and the rule: " +
    "`is required` when absent, `must be a number` and the like for a wrong type, `body must be a JSON object`)",
);

export const idempotencyErrors: ZodOpenApiResponsesObject = {
  "409": errorResponse("40020 a request with this Idempotency-Key is still running"),
  "413": errorResponse("40023 body larger than 64 KiB"),
  "422": errorResponse("40020 this Idempotency-Key was used with a different body"),
};

/** The errors of a POST that creates something (a body to validate, an Idempotency-Key), beside its own. */
export const creationErrors: ZodOpenApiResponsesObject = { "400": validationErrors, ...idempotencyErrors, ...commonErrors };

export const notFoundError = errorResponse("40004 no such resource for this merchant and environment");

export const gatewayError = errorResponse("50200 the gateway cannot take the deposit (e.g. no production operator configured)");
export const operatorUnavailable = errorResponse("50300 the operator is not answering (its circuit is open): nothing was created; retry after Retry-After seconds");

export const otpErrors: ZodOpenApiResponsesObject = {
  "400": errorResponse(
    "40019 wrong code (details: tries left) or not 4 to 8 digits; 40020 not an OTP invoice, or already confirmed; " +
      "40023 otp not a string (`otp must be a string of digits`: a number such as 123456 is the client's bug, not a wrong code) or another body rule",
  ),
  "404": errorResponse("40006 unknown invoice reference; 40007 OTP missing, expired or spent after 5 wrong tries"),
};
