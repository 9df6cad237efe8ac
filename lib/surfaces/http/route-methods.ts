import { errorBody } from "@/lib/core/errors/api-error";
import { ERROR_CODES, type ErrorCode } from "@/lib/core/errors/error-codes";
import { answerResponse, jsonAnswer, requestIdFor, type JsonAnswer } from "./json-answer";
import { METHODS, type ApiHandler, type Handler, type Method, type OperationHandler, type RouteHandlers } from "./route-handler";

// Every HTTP method of a route answers in the API's envelope: a method the route has not is
// 400/40017 with Allow (Next would give a bare 405), and a path no route has is the catch-all's
// static error (Next would give an HTML page).

/**
 * A method Next cannot route: TRACE (no fetch Request can carry it, so Next answered a bare 500
 * before any route ran), PROPFIND, QUERY... (Next's bare 400). Our server's front door
 * (server/front-door.cjs) hands such a request on as a PATCH with the method asked in this header,
 * which it strips from every other request: only the front door sets it. Routes refuse it (routeMethods, tableMethods).
 */
export const UNROUTED_METHOD_HEADER = "x-pcs-unrouted-method";

/** The method the client asked for: the front door's record of one Next cannot route, else the request's own. */
const askedMethod = (request: Request) => request.headers.get(UNROUTED_METHOD_HEADER) ?? request.method;

const unrouted = (request: Request) => request.headers.has(UNROUTED_METHOD_HEADER);

/**
 * 400/40017 with Allow, the answer to a method the route has not (Next would answer a method a
 * route file does not export with a bare 405), including the methods Next cannot route at all,
 * which the front door marks.
 */
function methodRefusal(own: Method[]) {
  const allowed = own.join(", ");
  return async (request: Request): Promise<JsonAnswer> =>
    jsonAnswer(400, errorBody(40017, `${askedMethod(request)} is not supported here; allowed: ${allowed}`), requestIdFor(request), { allow: allowed });
}

/** `handler`, or `refusal` for a request the front door marked as a method Next cannot route. */
const refusingUnrouted =
  (handler: Handler, refusal: Handler): Handler =>
  (request, context) =>
    unrouted(request) ? refusal(request, context) : handler(request, context);

/** Every HTTP method for a route file of Next: the given handlers, and the refusal (methodRefusal) for the rest. */
export function routeMethods(handlers: Partial<Record<Method, Handler>>): RouteHandlers {
  const refuse = methodRefusal(METHODS.filter((m) => handlers[m]));
  const refusal: Handler = async (request) => answerResponse(await refuse(request));
  return Object.fromEntries(METHODS.map((m) => [m, handlers[m] ? refusingUnrouted(handlers[m], refusal) : refusal])) as RouteHandlers;
}

/** The same for a path of the route table, whose handlers may be ApiHandlers: the refusal is one too. */
export function tableMethods(handlers: Partial<Record<Method, OperationHandler>>): Record<Method, OperationHandler> {
  const refuse = methodRefusal(METHODS.filter((m) => handlers[m]));
  const refusal: Handler = async (request) => answerResponse(await refuse(request));
  const own = (handler: OperationHandler): OperationHandler =>
    typeof handler === "function"
      ? refusingUnrouted(handler, refusal)
      : { ...handler, answer: (request, context) => (unrouted(request) ? refuse(request) : handler.answer(request, context)) };
  return Object.fromEntries(METHODS.map((m) => [m, handlers[m] ? own(handlers[m]) : { answer: refuse }])) as Record<Method, OperationHandler>;
}

/** The spec's envelope with `code`, whatever the method (a catch-all's 404 names the method asked and the path). */
function staticErrorAnswer(code: ErrorCode, details?: string) {
  return async (request: Request): Promise<JsonAnswer> =>
    jsonAnswer(ERROR_CODES[code].status, errorBody(code, details ?? `No route for ${askedMethod(request)} ${new URL(request.url).pathname}`), requestIdFor(request));
}

/** A catch-all's handler in the route table: the spec's envelope instead of an HTML page. */
export const staticError = (code: ErrorCode, details?: string): ApiHandler => ({ answer: staticErrorAnswer(code, details) });

/** The same as a route function, for a handler that answers with a Response (bench-route.ts, Inngest's route file). */
export function staticErrorResponse(code: ErrorCode, details?: string): Handler {
  const answer = staticErrorAnswer(code, details);
  return async (request) => answerResponse(await answer(request));
}
