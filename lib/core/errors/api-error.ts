import type { LineRefusal } from "./domain-error";
import type { RefusalRule } from "./refusal-rules";
import { ERROR_CODES, errorMessage, type ErrorCode } from "./error-codes";

type ApiErrorOptions = {
  /** What exactly went wrong: the field and its rule, the resource, what to do instead. */
  details?: string;
  /** Only where the contract's status for the code does not fit (413, 409 on 40020/40023). */
  status?: number;
  headers?: Record<string, string>;
  /**
   * For people (the dashboard's forms): the key of a message under `apiErrors.hints` in
   * messages/*.json saying more than the code's ("the last owner cannot be removed"). Never in the
   * API's envelope, whose words are the code's message and `details`.
   */
  hint?: string;
  /** The refused input and its broken rule, as the feature decided them (DomainError's): for the forms and a batch's line errors. Never in the envelope. */
  field?: string;
  rule?: RefusalRule;
  /** A batch refused whole: its refused lines, in the envelope as `error.lines` (the one addition to the spec's error object, for batches only). */
  lines?: LineRefusal[];
};

/**
 * An error of the contract, as the surfaces answer it: the spec's error envelope, its status and
 * headers. Only the surfaces make these (features throw a DomainError, lib/core/errors/domain-error.ts,
 * which lib/surfaces/http/api-error-of.ts maps); lib/import-layers.test.ts keeps it so.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: string;
  readonly headers?: Record<string, string>;
  readonly hint?: string;
  readonly field?: string;
  readonly rule?: RefusalRule;
  readonly lines?: LineRefusal[];

  constructor(code: ErrorCode, options: ApiErrorOptions = {}) {
    super(errorMessage(code));
    this.name = "ApiError";
    this.code = code;
    this.status = options.status ?? ERROR_CODES[code].status;
    this.details = options.details;
    this.headers = options.headers;
    this.hint = options.hint;
    this.field = options.field;
    this.rule = options.rule;
    this.lines = options.lines;
  }
}

export { errorBody, type ErrorBody } from "./error-body";
