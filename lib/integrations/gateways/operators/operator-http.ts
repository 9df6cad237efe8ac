import { insideDbTransaction } from "@/lib/core/db/transaction-scope";
import { log } from "@/lib/core/logging/log";
import {
  OperatorNotSentError,
  OperatorRejectedError,
  OperatorUnknownOutcomeError,
  type OperatorName,
} from "./operator-errors";

// One HTTP exchange with an operator: a hard timeout (AbortSignal.timeout, which also cancels the
// socket), no redirects, no automatic retry, and every failure classified as "not sent" or
// "outcome unknown". Nothing here logs or repeats headers: they carry the credentials.

export const DEFAULT_OPERATOR_TIMEOUT_MS = 10_000;

/** OPERATOR_TIMEOUT_MS, default 10 s: how long one call to an operator may take, answer included. */
export function operatorTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const configured = Number(env.OPERATOR_TIMEOUT_MS);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_OPERATOR_TIMEOUT_MS;
}

export type OperatorRequest = {
  operator: OperatorName;
  operation: string;
  method: "GET" | "POST" | "PUT";
  url: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
};

export type OperatorResponse = { status: number; headers: Headers; text: string };

// Error codes of a connection that never carried the request: safe to say "not sent".
const NOT_CONNECTED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A call made while a database transaction is open: refused before anything leaves. Money must
 * never move inside a transaction that may still roll back, nor may a transaction (its locks, its
 * connection) wait on an operator: the intent is committed first, the call made, then its outcome
 * recorded (lib/core/db/transaction-scope.ts). A programming error, never the operator's doing.
 */
export class OperatorCallInTransactionError extends Error {
  constructor(request: Pick<OperatorRequest, "operator" | "operation">) {
    super(`${request.operator} ${request.operation}: refused, called inside an open database transaction`);
    this.name = "OperatorCallInTransactionError";
  }
}

export async function sendOperatorRequest(request: OperatorRequest): Promise<OperatorResponse> {
  if (insideDbTransaction()) {
    const error = new OperatorCallInTransactionError(request);
    log("error", "operator call refused inside a database transaction", { operator: request.operator, operation: request.operation, stack: error.stack });
    throw error;
  }
  const started = Date.now();
  try {
    const response = await exchange(request);
    // One line per call for operations: which operator, which call, its status and time. Never the
    // URL, headers or bodies: they carry credentials, tokens, customers' phones and codes.
    log(response.status >= 500 ? "warn" : "info", "operator call", {
      operator: request.operator,
      operation: request.operation,
      status: response.status,
      durationMs: Date.now() - started,
    });
    return response;
  } catch (error) {
    const { kind, reason } = error as { kind?: string; reason?: string };
    log("warn", "operator call failed", { operator: request.operator, operation: request.operation, kind, reason, durationMs: Date.now() - started });
    throw error;
  }
}

async function exchange(request: OperatorRequest): Promise<OperatorResponse> {
  const { operator, operation, timeoutMs } = request;
  const doFetch = request.fetch ?? fetch;
  try {
    const response = await doFetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The body is read under the same timeout: a stalled body is as unknown as a stalled answer.
    const text = await response.text();
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) {
      throw new OperatorUnknownOutcomeError(operator, operation, "timeout", `no answer within ${timeoutMs} ms`);
    }
    const code = causeCode(error);
    if (code && NOT_CONNECTED.has(code)) {
      throw new OperatorNotSentError(operator, operation, "connection_failed", `could not connect (${code})`);
    }
    throw new OperatorUnknownOutcomeError(operator, operation, "network", `connection failed after sending${code ? ` (${code})` : ""}`);
  }
}

/** The JSON of an answer; a 2xx we cannot read is an unknown outcome, never a guess. */
export function parseJson(response: OperatorResponse, operator: OperatorName, operation: string): unknown {
  if (response.text === "") return null;
  try {
    return JSON.parse(response.text);
  } catch {
    throw new OperatorUnknownOutcomeError(operator, operation, "bad_response", `answer with HTTP ${response.status} is not JSON`, {
      httpStatus: response.status,
    });
  }
}

/**
 * Turns an answer that is not one of `expected` into the right error: 4xx -> the operator refused
 * (with its error code when `codeOf` finds one), except the `unknownOutcome` answers its client
 * names (the 4xx it documents as "unknown: retry", never a refusal: the request may have been acted
 * on); those, 5xx and anything else -> outcome unknown.
 */
export function failUnless(
  response: OperatorResponse,
  expected: number[],
  operator: OperatorName,
  operation: string,
  codeOf: (body: unknown) => { code?: string; detail?: string } = () => ({}),
  unknownOutcome: readonly number[] = [],
): void {
  if (expected.includes(response.status)) return;
  if (unknownOutcome.includes(response.status)) {
    throw new OperatorUnknownOutcomeError(operator, operation, "retry_later", `HTTP ${response.status}, outcome unknown`, { httpStatus: response.status });
  }
  if (response.status >= 400 && response.status < 500) {
    let body: unknown = null;
    try {
      body = response.text ? JSON.parse(response.text) : null;
    } catch {
      body = null;
    }
    const { code, detail } = body ? codeOf(body) : {};
    throw new OperatorRejectedError(operator, operation, response.status, code, detail?.slice(0, 200));
  }
  throw new OperatorUnknownOutcomeError(
    operator,
    operation,
    response.status >= 500 ? "server_error" : "bad_response",
    `unexpected HTTP ${response.status}`,
    { httpStatus: response.status },
  );
}

/** A string field of an operator's JSON object, if it is one. */
export function stringField(body: unknown, key: string): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;
}

/** A nested object field of an operator's JSON object, if it is one. */
export function objectField(body: unknown, key: string): Record<string, unknown> | undefined {
  if (!body || typeof body !== "object") return undefined;
  const value = (body as Record<string, unknown>)[key];
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
