import type { z } from "zod";
import { ApiError } from "@/lib/core/errors/api-error";
import type { ErrorCode } from "@/lib/core/errors/error-codes";

// docs/decisions.md: each field has its own error code; every other field or rule is INVALID_REQUEST.
const FIELD_CODES: Record<string, ErrorCode> = {
  amount: 40010,
  minAmount: 40010,
  maxAmount: 40010,
  country: 40011,
  gatewayName: 40012,
  customerPhone: 40014,
  phone: 40014,
  beneficiaryPhone: 40014,
  payoutPhone: 40014,
  contactPhone: 40014,
  currency: 40015,
  callbackUrl: 40021,
  otp: 40019,
};

// The spec: "OTP missing or expired: error 40007".
const MISSING_FIELD_CODES: Record<string, ErrorCode> = { otp: 40007 };

// An otp of the wrong type (123456 as a number: a common client mistake) is the integration's bug,
// not a code the customer mistyped: 40019 would have the merchant ask the customer to type the
// code again, and 40007 (the field's "missing") to request new codes, forever. INVALID_REQUEST
// says the request itself must change.
const WRONG_TYPE_FIELD_CODES: Record<string, ErrorCode> = { otp: 40023 };

const ARTICLE_TYPES: Record<string, string> = { object: "an object", array: "an array", int: "an integer" };

/**
 * The first zod issue, as the spec's error: its code from the field, `details` naming field and rule.
 * `input` is what was parsed: zod 4 does not put the value in its issues, and only the input tells
 * a field that is absent ("is required") from one of the wrong type ("must be a number").
 */
export function validationError(error: z.ZodError, input: unknown): ApiError {
  const issue = error.issues[0];
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys.map((key) => `'${key}'`).join(", ");
    return new ApiError(40023, { details: `unknown field ${keys}` });
  }
  if (issue.path.length === 0 && issue.code === "invalid_type") {
    return fieldError([], "must be a JSON object");
  }
  if (isAbsent(input, issue.path)) return fieldError(issue.path, "is required", { missing: true });
  if (issue.code === "invalid_type") return fieldError(issue.path, typeRule(issue), { wrongType: true });
  return fieldError(issue.path, issue.message);
}

/** The schema's own wording for a wrong type, or "must be a number" in place of zod's default text. */
function typeRule(issue: z.core.$ZodIssueInvalidType): string {
  if (!issue.message.startsWith("Invalid input")) return issue.message;
  return `must be ${ARTICLE_TYPES[issue.expected] ?? `a ${issue.expected}`}`;
}

/** Whether path names a key absent from the input (its parent an object that lacks it). */
function isAbsent(input: unknown, path: readonly PropertyKey[]): boolean {
  if (path.length === 0) return input === undefined;
  let parent = input;
  for (const key of path.slice(0, -1)) {
    if (parent === null || typeof parent !== "object") return false;
    parent = (parent as Record<PropertyKey, unknown>)[key];
  }
  if (parent === null || typeof parent !== "object") return false;
  const key = path[path.length - 1];
  return !Object.hasOwn(parent, key) || (parent as Record<PropertyKey, unknown>)[key] === undefined;
}

/** The error for a rule broken at path (the body itself when empty): the field's code, details naming both. */
export function fieldError(
  path: readonly PropertyKey[],
  rule: string,
  options: { missing?: boolean; wrongType?: boolean } = {},
): ApiError {
  const field = path.map(String).join(".");
  if (!field) return new ApiError(40023, { details: `body ${rule}` });
  const name = String(path[0]);
  // Only a top-level field has the field's own "missing" or "wrong type" code (metadata.otp is metadata's).
  const own = path.length === 1;
  const special = own && options.missing ? MISSING_FIELD_CODES[name] : own && options.wrongType ? WRONG_TYPE_FIELD_CODES[name] : undefined;
  const code = special ?? FIELD_CODES[name] ?? 40023;
  return new ApiError(code, { details: `${field} ${rule}` });
}
