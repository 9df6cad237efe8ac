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
};

/** An error the client caused or must know about; it becomes the spec's error envelope. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: string;
  readonly headers?: Record<string, string>;
  readonly hint?: string;

  constructor(code: ErrorCode, options: ApiErrorOptions = {}) {
    super(errorMessage(code));
    this.name = "ApiError";
    this.code = code;
    this.status = options.status ?? ERROR_CODES[code].status;
    this.details = options.details;
    this.headers = options.headers;
    this.hint = options.hint;
  }
}

export type ErrorBody = { error: { code: number; message: string; details?: string } };

export function errorBody(code: ErrorCode, details?: string): ErrorBody {
  const message = errorMessage(code);
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

export const notFound = (what = "Resource", reference?: string) =>
  new ApiError(40004, { details: reference ? `${what} ${reference} not found` : `${what} not found` });
