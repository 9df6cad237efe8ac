import { DomainError } from "@/lib/core/errors/domain-error";
import { ANNOUNCED_STATES_TTL_MS } from "./announced-states";
import { OperatorError, OperatorProviderClosedError, OperatorUnavailableError } from "./operator-errors";

/**
 * The outcome when an operator call left nothing created: unavailable, with when to retry, while
 * the operator's circuit is open (the API's 503), else operator_failed (502). Details name the operator, the call and its own
 * error code, never a credential (operator errors never carry one).
 */
export function operatorOutcome(error: OperatorError, what: string): DomainError {
  if (error instanceof OperatorUnavailableError) {
    return new DomainError("unavailable", {
      details: `${error.operator} is not answering; ${what}. Retry in ${error.retryAfterSeconds} s`,
      retryAfterSeconds: error.retryAfterSeconds,
    });
  }
  // The operator said it first (its closing not yet read in this process, or just announced).
  if (error instanceof OperatorProviderClosedError) return providerClosed(`${error.message}; ${what}`);
  return new DomainError("operator_failed", { details: `${error.message}; ${what}` });
}

/**
 * A deposit on a provider its operator has closed: 503 with when to look again (an announced
 * state is kept that long), the rule the checkout tells the customer in words. Answered before
 * anything is sent when the closing is known (create-deposit.ts), else on the operator's refusal.
 */
export function providerClosed(details: string): DomainError {
  return new DomainError("unavailable", { field: "gatewayName", rule: "provider_closed", retryAfterSeconds: ANNOUNCED_STATES_TTL_MS / 1000, details });
}
