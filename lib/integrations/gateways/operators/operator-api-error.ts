import { ApiError } from "@/lib/core/errors/api-error";
import { OperatorError, OperatorUnavailableError } from "./operator-errors";

/**
 * The merchant's answer when an operator call left nothing created: 503 with Retry-After while
 * the operator's circuit is open, else 502. Details name the operator, the call and its own
 * error code, never a credential (operator errors never carry one).
 */
export function operatorApiError(error: OperatorError, what: string): ApiError {
  if (error instanceof OperatorUnavailableError) {
    return new ApiError(50300, {
      details: `${error.operator} is not answering; ${what}. Retry in ${error.retryAfterSeconds} s`,
      headers: { "Retry-After": String(error.retryAfterSeconds) },
    });
  }
  return new ApiError(50200, { details: `${error.message}; ${what}` });
}
