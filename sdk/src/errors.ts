import type { TransferBatchLineError } from "./types.js";

/** The error envelope every endpoint answers with: `{"error":{"code","message","details"}}`; a refused batch adds `lines`. */
type ErrorEnvelope = { error: { code: number; message: string; details?: string; lines?: TransferBatchLineError[] } };

const isEnvelope = (body: unknown): body is ErrorEnvelope => {
  const error = (body as ErrorEnvelope | null)?.error;
  return typeof error === "object" && error !== null && typeof error.code === "number" && typeof error.message === "string";
};

/**
 * An answer other than 2xx, or no answer at all. `code` is the API's error code (40010, 42900...):
 * branch on it and show `details`. `status` 0 and `code` 0 mean no answer came (network error or
 * time-out on every attempt). Quote `requestId` to support.
 */
export class PcsError extends Error {
  readonly code: number;
  readonly status: number;
  readonly details: string | undefined;
  readonly requestId: string | undefined;
  /** A transfer batch refused whole (400): each refused line, its 1-based `line`, `field` and `rule`. */
  readonly lines: TransferBatchLineError[] | undefined;

  constructor(options: { code: number; message: string; status: number; details?: string; requestId?: string; lines?: TransferBatchLineError[]; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.name = "PcsError";
    this.code = options.code;
    this.status = options.status;
    this.details = options.details;
    this.requestId = options.requestId;
    this.lines = options.lines;
  }

  /** From an error answer; a body that is not our envelope (e.g. a proxy's HTML page) keeps the status. */
  static fromResponse(response: Response, body: unknown): PcsError {
    const requestId = response.headers.get("x-request-id") ?? undefined;
    if (isEnvelope(body)) {
      const { code, message, details, lines } = body.error;
      return new PcsError({ code, message, details, status: response.status, requestId, ...(Array.isArray(lines) ? { lines } : {}) });
    }
    return new PcsError({ code: 0, message: `Unexpected answer: HTTP ${response.status}`, status: response.status, requestId });
  }
}
