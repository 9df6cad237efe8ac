import type { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import type { ErrorCode } from "@/lib/errors/error-codes";

// DESIGN.md: each field has its own error code; every other field or rule is INVALID_REQUEST.
const FIELD_CODES: Record<string, ErrorCode> = {
  amount: 40010,
  country: 40011,
  gatewayName: 40012,
  customerPhone: 40014,
  phone: 40014,
  beneficiaryPhone: 40014,
  currency: 40015,
  callbackUrl: 40021,
  otp: 40019,
};

// The spec: "OTP missing or expired: error 40007".
const MISSING_FIELD_CODES: Record<string, ErrorCode> = { otp: 40007 };

/** The first zod issue, as the spec's error: its code from the field, `details` naming field and rule. */
export function validationError(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys.map((key) => `'${key}'`).join(", ");
    return new ApiError(40023, { details: `unknown field ${keys}` });
  }
  const missing = issue.code === "invalid_type" && issue.input === undefined;
  return fieldError(issue.path, missing ? "is required" : issue.message, { missing });
}

/** The error for a rule broken at path (the body itself when empty): the field's code, details naming both. */
export function fieldError(path: readonly PropertyKey[], rule: string, options: { missing?: boolean } = {}): ApiError {
  const field = path.map(String).join(".");
  if (!field) return new ApiError(40023, { details: `body ${rule}` });
  const name = String(path[0]);
  const code = (options.missing ? MISSING_FIELD_CODES[name] : undefined) ?? FIELD_CODES[name] ?? 40023;
  return new ApiError(code, { details: `${field} ${rule}` });
}
