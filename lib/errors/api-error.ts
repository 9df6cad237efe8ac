import { ERROR_CODES, type ErrorCode } from "./error-codes";

/** An error the client caused or must know about; it becomes the spec's error envelope. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: string;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: string; status?: number; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = options.status ?? ERROR_CODES[code].status;
    this.details = options.details;
    this.headers = options.headers;
  }
}

export type ErrorBody = { error: { code: number; message: string; details?: string } };

export function errorBody(code: number, message: string, details?: string): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

export const notFound = (what = "Resource") => new ApiError(40004, `${what} not found`);
