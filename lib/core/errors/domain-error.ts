import type { RefusalRule } from "./refusal-rules";

// What a feature says when it cannot do what it was asked, in the domain's words: the thing was
// not found, the caller may not, the input breaks a rule, the state does not allow it... Features
// throw these and never an HTTP error: each surface turns them into its own answer in one place
// (docs/architecture.md, "Domain outcomes"): the API and the support view in
// lib/surfaces/http/api-error-of.ts, the dashboard's actions in lib/surfaces/dashboard/dashboard-action.ts.

export type OutcomeKind =
  /** The thing asked for does not exist (or not for this caller). */
  | "not_found"
  /** Who is asking is not known: no or wrong credentials. */
  | "unauthenticated"
  /** The caller is known but may not do this. */
  | "not_allowed"
  /** The input breaks a rule; `reason` names the field when the contract gives it a code of its own. */
  | "invalid"
  /** The operation does not apply to the thing as it stands (a closed link, a payment that took no money). */
  | "refused"
  /** It was done already, or is being done right now by someone else: asking again later may differ. */
  | "conflict"
  | "insufficient_balance"
  /** A limit on how often was reached; `retryAfterSeconds` says when to come back. */
  | "limited"
  /** An operator (or the service we need) failed the call; nothing was done. */
  | "operator_failed"
  /** It cannot be done right now (an operator's circuit is open, a provider is not configured). */
  | "unavailable";

/**
 * Where the contract tells apart outcomes of one kind: the field an invalid input is about (the
 * field's own code), the thing that was not found (a transaction, a one-time code that expired),
 * a key of the wrong role.
 */
export type OutcomeReason =
  | "amount"
  | "country"
  | "gateway"
  | "phone"
  | "currency"
  | "callback_url"
  | "otp"
  | "transaction"
  | "otp_gone"
  | "role";

/**
 * Where a client stands with one rate limit (its RateLimit-* headers): what lib/core/limits' limiters
 * leave after a request, and what a refusal reports of the limit it concerns. Declared here, not in
 * lib/core/limits, because the limiters throw DomainError: limits imports errors, not the reverse.
 */
export type LimitState = { limit: number; remaining: number; resetSeconds: number };

export type DomainErrorOptions = {
  reason?: OutcomeReason;
  /**
   * The input the refusal is about, as the request names it ("amount", "items.3.beneficiaryPhone"),
   * set where the refusal is decided: every surface places the refusal by it (a form beside its
   * field, a batch's line errors), never by reading `details`.
   */
  field?: string;
  /** Which rule of that input (or of the request) was broken, as data (refusal-rules.ts): the surfaces word it in their own language. */
  rule?: RefusalRule;
  /** What exactly went wrong, for developers: the field and its rule, the thing, what to do instead. */
  details?: string;
  /**
   * For people (the dashboard's forms): the key of a message under `apiErrors.hints` in
   * messages/*.json saying more than the outcome's own message ("the last owner cannot be removed").
   */
  hint?: string;
  retryAfterSeconds?: number;
  rateLimit?: LimitState;
  /** A batch refused whole: each refused line, its field and rule (the API's `error.lines`). */
  lines?: LineRefusal[];
};

/** One refused line of a batch: its 1-based number, its reference when it had a readable one, the field and rule it broke, and the words. */
export type LineRefusal = { line: number; reference: string | null; field: string; rule: RefusalRule; message: string };

export class DomainError extends Error {
  readonly kind: OutcomeKind;
  readonly reason?: OutcomeReason;
  readonly field?: string;
  readonly rule?: RefusalRule;
  readonly details?: string;
  readonly hint?: string;
  readonly retryAfterSeconds?: number;
  readonly rateLimit?: LimitState;
  readonly lines?: LineRefusal[];

  constructor(kind: OutcomeKind, options: DomainErrorOptions = {}) {
    super(options.details ?? kind);
    this.name = "DomainError";
    this.kind = kind;
    this.reason = options.reason;
    this.field = options.field;
    this.rule = options.rule;
    this.details = options.details;
    this.hint = options.hint;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.rateLimit = options.rateLimit;
    this.lines = options.lines;
  }

  /** The same outcome with other fields changed (other words, the rate state of a request). */
  with(options: DomainErrorOptions): DomainError {
    const { kind, reason, field, rule, details, hint, retryAfterSeconds, rateLimit, lines } = this;
    return new DomainError(kind, { reason, field, rule, details, hint, retryAfterSeconds, rateLimit, lines, ...options });
  }
}

/** Whether error is a domain outcome (of that kind, when one is given). */
export function isOutcome(error: unknown, kind?: OutcomeKind): error is DomainError {
  return error instanceof DomainError && (kind === undefined || error.kind === kind);
}

export const isNotFound = (error: unknown): error is DomainError => isOutcome(error, "not_found");

export const notFound = (what = "Resource", reference?: string) =>
  new DomainError("not_found", { details: reference ? `${what} ${reference} not found` : `${what} not found` });

export const invalid = (details: string, reason?: OutcomeReason, at?: { field: string; rule: RefusalRule }) => new DomainError("invalid", { details, reason, ...at });
export const refused = (details: string, hint?: string) => new DomainError("refused", { details, hint });
export const conflict = (details: string) => new DomainError("conflict", { details });
export const notAllowed = (details: string, hint?: string) => new DomainError("not_allowed", { details, hint });
