// What can go wrong when we call an operator, in the three kinds the settlement code must tell
// apart: nothing was sent (safe to try again or to refuse), the operator answered no (final for
// that request), or we sent it and do not know what happened (keep the deposit pending with its
// operator reference: a status read will tell). Messages name the operator, the call and what
// happened; they never carry credentials, tokens or request headers.

/** An operator plug-in's id (operators/registry.ts: "mtn-momo", "wave"...). */
export type OperatorName = string;

export type NotSentReason =
  /** The operator has no credentials in this environment. */
  | "not_configured"
  /** Our own input cannot be expressed in the operator's format (phone, amount, reference). */
  | "invalid_request"
  /** The connection was refused or the host did not resolve: the request never left. */
  | "connection_failed"
  /** The operator's circuit breaker is open after repeated failures. */
  | "circuit_open";

export type UnknownOutcomeReason =
  /** No answer within the timeout, after the request was sent. */
  | "timeout"
  /** The connection broke after the request was sent. */
  | "network"
  /** The operator answered 5xx: it may or may not have acted on the request. */
  | "server_error"
  /** A 2xx answer we could not read. */
  | "bad_response"
  /** 408 or 429: answered before or after acting, operators document it as "unknown: retry" (Wave, MTN). */
  | "retry_later";

export abstract class OperatorError extends Error {
  abstract readonly kind: "not_sent" | "rejected" | "unknown_outcome";
  readonly operator: OperatorName;
  readonly operation: string;

  constructor(operator: OperatorName, operation: string, message: string, options?: { cause?: unknown }) {
    super(`${operator} ${operation}: ${message}`, options);
    this.operator = operator;
    this.operation = operation;
  }
}

/** Refused before sending: the operator saw nothing. */
export class OperatorNotSentError extends OperatorError {
  readonly kind = "not_sent" as const;
  readonly reason: NotSentReason;

  constructor(operator: OperatorName, operation: string, reason: NotSentReason, message: string, options?: { cause?: unknown }) {
    super(operator, operation, message, options);
    this.name = "OperatorNotSentError";
    this.reason = reason;
  }
}

/**
 * The operator's circuit is open: answer fast (the route's 503) and tell the client when to come
 * back (`Retry-After`), instead of holding a connection for a call that would time out.
 */
export class OperatorUnavailableError extends OperatorNotSentError {
  readonly retryAfterSeconds: number;

  constructor(operator: OperatorName, operation: string, retryAfterSeconds: number) {
    super(operator, operation, "circuit_open", `operator unavailable (circuit open); retry in ${retryAfterSeconds} s`);
    this.name = "OperatorUnavailableError";
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The operator received the request and refused it (a 4xx answer with its own error code). */
export class OperatorRejectedError extends OperatorError {
  readonly kind = "rejected" as const;
  readonly httpStatus: number;
  /** The operator's own error code, as it sent it (e.g. MTN's RESOURCE_NOT_FOUND). */
  readonly operatorCode?: string;

  constructor(operator: OperatorName, operation: string, httpStatus: number, operatorCode?: string, detail?: string) {
    super(operator, operation, `rejected with HTTP ${httpStatus}${operatorCode ? ` ${operatorCode}` : ""}${detail ? `: ${detail}` : ""}`);
    this.name = "OperatorRejectedError";
    this.httpStatus = httpStatus;
    this.operatorCode = operatorCode;
  }
}

/**
 * A refusal of everything for one provider right now, by the operator's own word (pawaPay's
 * PROVIDER_TEMPORARILY_UNAVAILABLE while it announces the provider CLOSED): nothing was taken; the
 * customer should pay another way, or later.
 */
export class OperatorProviderClosedError extends OperatorRejectedError {
  constructor(operator: OperatorName, operation: string, httpStatus: number, operatorCode: string, detail?: string) {
    super(operator, operation, httpStatus, operatorCode, detail);
    this.name = "OperatorProviderClosedError";
  }
}

/** Sent, outcome unknown: never assume it failed, never send it again without the operator's idempotency key. */
export class OperatorUnknownOutcomeError extends OperatorError {
  readonly kind = "unknown_outcome" as const;
  readonly reason: UnknownOutcomeReason;
  readonly httpStatus?: number;

  constructor(operator: OperatorName, operation: string, reason: UnknownOutcomeReason, message: string, options?: { cause?: unknown; httpStatus?: number }) {
    super(operator, operation, message, options);
    this.name = "OperatorUnknownOutcomeError";
    this.reason = reason;
    this.httpStatus = options?.httpStatus;
  }
}

/** Whether a failure says something about the operator's health (what the circuit breaker counts). */
export function isOperatorFailure(error: unknown): boolean {
  if (error instanceof OperatorUnknownOutcomeError) return true;
  if (error instanceof OperatorNotSentError) return error.reason === "connection_failed";
  // A refusal is a healthy operator answering; anything else (a bug of ours) is not its fault.
  return false;
}

/**
 * Whether the payment request itself may have reached the operator. An unknown outcome of the
 * access-token call ("... token") means the payment was never sent: safe to refuse, nothing kept.
 */
export function paymentMaybeSent(error: OperatorUnknownOutcomeError): boolean {
  return !/(^|\s)token$/.test(error.operation);
}

/**
 * A refusal that may mean "I already have this one": the request (or an earlier one under the same
 * id or key) may have been made, so its status is read instead of taking the refusal for a "no".
 * - HTTP 409: MTN's RESOURCE_ALREADY_EXIST for a known X-Reference-Id (MTN-errors), Wave's
 *   conflicts on an Idempotency-Key (FR-DOCS, payout "Idempotence");
 * - Wave's `idempotency-mismatch` (the key was used before, with other content: FR-DOCS) and
 *   `checkout-refund-failed` (also what a second refund of a session answers, docs/operators.md).
 */
const MAY_ALREADY_EXIST_CODES = new Set(["RESOURCE_ALREADY_EXIST", "idempotency-mismatch", "checkout-refund-failed"]);

export function mayAlreadyExist(error: OperatorRejectedError): boolean {
  return error.httpStatus === 409 || (error.operatorCode !== undefined && MAY_ALREADY_EXIST_CODES.has(error.operatorCode));
}
