import { errorMessage, type ErrorCode } from "./error-codes";

/** The spec's error envelope: the code, the code's one message, and what exactly went wrong. */
export type ErrorBody = { error: { code: number; message: string; details?: string } };

export function errorBody(code: ErrorCode, details?: string): ErrorBody {
  const message = errorMessage(code);
  return { error: details === undefined ? { code, message } : { code, message, details } };
}
