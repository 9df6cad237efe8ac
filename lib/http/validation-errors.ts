import type { z } from "zod";
import { ApiError } from "./api-error";
import type { ErrorCode } from "./error-codes";

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
};

/** The first zod issue, as the spec's error: its code from the field, `details` naming field and rule. */
export function validationError(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys.map((key) => `'${key}'`).join(", ");
    return new ApiError(40023, "Invalid request parameters", { details: `unknown field ${keys}` });
  }
  const field = issue.path.map(String).join(".");
  if (!field) return new ApiError(40023, "Invalid request parameters", { details: `body ${issue.message}` });
  const code = FIELD_CODES[String(issue.path[0])] ?? 40023;
  const rule = issue.code === "invalid_type" && issue.input === undefined ? "is required" : issue.message;
  return new ApiError(code, messageFor(code), { details: `${field} ${rule}` });
}

function messageFor(code: ErrorCode): string {
  switch (code) {
    case 40010:
      return "Invalid amount";
    case 40011:
      return "Invalid country";
    case 40012:
      return "Invalid gateway";
    case 40014:
      return "Invalid phone number";
    case 40015:
      return "Invalid currency";
    case 40021:
      return "Invalid callback URL";
    default:
      return "Invalid request parameters";
  }
}
