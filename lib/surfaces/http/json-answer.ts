import { ulid } from "@/lib/core/domain/ulid";
import { errorBody } from "@/lib/core/errors/api-error";
import { errorFields, log } from "@/lib/core/logging/log";
import { loggableUrl } from "@/lib/core/logging/loggable-url";
import { apiErrorOf } from "./api-error-of";

// The API's answers in JSON, as every route of the API trees gives them (the route wrapper, the
// support view's, the static errors and the method refusals): the request id, no caching, and the
// error envelope of the contract for anything thrown.

/** The client's X-Request-Id when it is a sane one, else a new id. */
export function requestIdFor(request: Request): string {
  const incoming = request.headers.get("x-request-id");
  return incoming && /^[\w.:-]{1,128}$/.test(incoming) ? incoming : `req_${ulid()}`;
}

/**
 * A JSON answer before it is a Fetch Response: the API lane writes it to Node's ServerResponse as
 * it is (building a Response, then reading its body and headers back, showed in every created
 * link's profile: bench/README.md, "Where a request's time goes"); Next's route handlers get
 * answerResponse's. Header names are lowercase, as a Response's Headers would give them.
 */
export type JsonAnswer = { status: number; headers: Record<string, string>; body: string };

export function jsonAnswer(status: number, body: unknown, requestId: string, headers: Record<string, string> = {}): JsonAnswer {
  const all: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "x-request-id": requestId,
  };
  for (const name in headers) all[name.toLowerCase()] = headers[name];
  return { status, headers: all, body: JSON.stringify(body) };
}

/** The answer as the Response Next's route handlers return. */
export const answerResponse = (answer: JsonAnswer) => new Response(answer.body, { status: answer.status, headers: answer.headers });

/**
 * The contract's envelope for what a handler threw; anything not a known outcome is a logged 500.
 * `refusalInBody` (the checkout page's API: RouteConfig) adds the refusal's field and rule.
 */
export function errorAnswer(error: unknown, requestId: string, request: Request, options: { refusalInBody?: boolean } = {}): JsonAnswer {
  const apiError = apiErrorOf(error);
  if (apiError) {
    const body = errorBody(apiError.code, apiError.details);
    if (options.refusalInBody) Object.assign(body.error, apiError.field ? { field: apiError.field } : {}, apiError.rule ? { rule: apiError.rule } : {});
    if (apiError.lines) Object.assign(body.error, { lines: apiError.lines });
    return jsonAnswer(apiError.status, body, requestId, apiError.headers);
  }
  log("error", "unhandled error", { requestId, method: request.method, url: loggableUrl(request.url), ...errorFields(error) });
  return jsonAnswer(500, errorBody(50000, `Quote request id ${requestId} to support`), requestId);
}
