import { ApiError } from "@/lib/core/errors/api-error";
import { DomainError, type OutcomeKind, type OutcomeReason } from "@/lib/core/errors/domain-error";
import type { ErrorCode } from "@/lib/core/errors/error-codes";
import { limitHeaders } from "@/lib/core/limits/rate-limit";

// The API's (and the support view's) one mapping from the features' outcomes to the contract's
// codes (docs/api-reference.md's catalog): the code, its status where the catalog's does not fit,
// and the headers a client needs to come back. The dashboard's actions use it for the code their
// forms report, and word outcomes by kind (lib/surfaces/dashboard/dashboard-action.ts).

const KIND_CODES: Record<OutcomeKind, ErrorCode> = {
  not_found: 40004,
  unauthenticated: 40002,
  not_allowed: 40001,
  invalid: 40023,
  refused: 40020,
  conflict: 40020,
  insufficient_balance: 40013,
  limited: 42900,
  operator_failed: 50200,
  unavailable: 50300,
};

// The contract's codes of their own: a field's (docs/decisions.md), a transaction or a one-time code not found, a key's role.
const REASON_CODES: Partial<Record<OutcomeKind, Partial<Record<OutcomeReason, ErrorCode>>>> = {
  invalid: { amount: 40010, country: 40011, gateway: 40012, phone: 40014, currency: 40015, callback_url: 40021, otp: 40019 },
  not_found: { transaction: 40006, otp_gone: 40007 },
  not_allowed: { role: 401 },
};

/** A conflict (done already, or being done right now) is the contract's 40020 with 409: retrying later may succeed. */
const KIND_STATUS: Partial<Record<OutcomeKind, number>> = { conflict: 409 };

export function contractCodeOf(error: DomainError): ErrorCode {
  return (error.reason && REASON_CODES[error.kind]?.[error.reason]) || KIND_CODES[error.kind];
}

function headersOf(error: DomainError): Record<string, string> | undefined {
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined) headers["retry-after"] = String(error.retryAfterSeconds);
  if (error.rateLimit) Object.assign(headers, limitHeaders(error.rateLimit));
  return Object.keys(headers).length ? headers : undefined;
}

/** The contract's error for what was thrown: an outcome mapped, an ApiError (the surfaces' own) as it is, null for anything else (a bug: 500). */
export function apiErrorOf(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (!(error instanceof DomainError)) return null;
  return new ApiError(contractCodeOf(error), { status: KIND_STATUS[error.kind], details: error.details, headers: headersOf(error), hint: error.hint, field: error.field, rule: error.rule, lines: error.lines });
}
