import type { z } from "zod";
import { DomainError, type OutcomeReason } from "@/lib/core/errors/domain-error";
import { REFUSAL_RULES, type RefusalRule } from "@/lib/core/errors/refusal-rules";

// docs/decisions.md: each field has its own error code (the reason the API's mapping turns into
// it); every other field or rule is INVALID_REQUEST (an invalid outcome without a reason).
const FIELD_REASONS: Record<string, OutcomeReason> = {
  amount: "amount",
  minAmount: "amount",
  maxAmount: "amount",
  country: "country",
  gatewayName: "gateway",
  customerPhone: "phone",
  phone: "phone",
  beneficiaryPhone: "phone",
  payoutPhone: "phone",
  contactPhone: "phone",
  currency: "currency",
  callbackUrl: "callback_url",
  otp: "otp",
};

// An otp of the wrong type (123456 as a number: a common client mistake) is the integration's bug,
// not a code the customer mistyped: 40019 would have the merchant ask the customer to type the
// code again, and 40007 (the field's "missing") to request new codes, forever. INVALID_REQUEST
// says the request itself must change.
const WRONG_TYPE_NO_REASON = new Set(["otp"]);

const ARTICLE_TYPES: Record<string, string> = { object: "an object", array: "an array", int: "an integer" };

/**
 * The first zod issue, as the spec's error: its code from the field, `details` naming field and
 * rule in words, and the same as data (DomainError's `field` and `rule`) for the surfaces.
 * `input` is what was parsed: zod 4 does not put the value in its issues, and only the input tells
 * a field that is absent ("is required") from one of the wrong type ("must be a number").
 */
export function validationError(error: z.ZodError, input: unknown): DomainError {
  const issue = error.issues[0];
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys.map((key) => `'${key}'`).join(", ");
    return new DomainError("invalid", { details: `unknown field ${keys}`, ...(issue.keys.length ? { field: issue.keys[0] } : {}), rule: "unknown_field" });
  }
  if (issue.path.length === 0 && issue.code === "invalid_type") {
    return fieldError([], "must be a JSON object", { rule: "wrong_type" });
  }
  if (isAbsent(input, issue.path)) return fieldError(issue.path, "is required", { missing: true, rule: "required" });
  if (issue.code === "invalid_type") return fieldError(issue.path, typeRule(issue), { wrongType: true, rule: issue.expected === "number" ? "not_a_number" : "wrong_type" });
  return fieldError(issue.path, issue.message, { rule: ruleOf(issue) });
}

/** The rule a zod issue broke: its kind and bound, or the rule a schema's own check names (`params: { rule }`). */
function ruleOf(issue: z.core.$ZodIssue): RefusalRule {
  switch (issue.code) {
    case "too_big":
      return issue.origin === "string" ? "too_long" : issue.origin === "array" || issue.origin === "set" ? "too_many" : "too_large";
    case "too_small":
      return issue.origin === "string" ? "too_short" : issue.origin === "array" || issue.origin === "set" ? "too_few" : "too_small";
    case "invalid_format":
      return issue.format === "email" ? "email" : "invalid";
    case "custom": {
      const rule: unknown = issue.params?.rule;
      return typeof rule === "string" && (REFUSAL_RULES as readonly string[]).includes(rule) ? (rule as RefusalRule) : "invalid";
    }
    default:
      return "invalid";
  }
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

/** The error for a rule broken at path (the body itself when empty): the field's code, details naming both in words, `field` and `rule` as data. */
export function fieldError(
  path: readonly PropertyKey[],
  words: string,
  options: { rule: RefusalRule; missing?: boolean; wrongType?: boolean },
): DomainError {
  const field = path.map(String).join(".");
  const { rule } = options;
  if (!field) return new DomainError("invalid", { details: `body ${words}`, rule });
  const name = String(path[0]);
  const details = `${field} ${words}`;
  // Only a top-level field has the field's own "missing" or "wrong type" code (metadata.otp is metadata's).
  const own = path.length === 1;
  // The spec: "OTP missing or expired: error 40007": a missing otp is a code gone, as an expired one.
  if (own && options.missing && name === "otp") return new DomainError("not_found", { reason: "otp_gone", details, field, rule });
  if (own && options.wrongType && WRONG_TYPE_NO_REASON.has(name)) return new DomainError("invalid", { details, field, rule });
  return new DomainError("invalid", { reason: Object.hasOwn(FIELD_REASONS, name) ? FIELD_REASONS[name] : undefined, details, field, rule });
}
