import type { Environment } from "@/lib/core/domain/environment";
import { failSpan, hasLocalSpan, inSpan, requestParent, SpanKind, TRACE_ID_HEADER, tracing, type Span } from "@/lib/core/tracing/tracing";
import type { JsonAnswer } from "./json-answer";
import { environmentOf } from "./metered-handler";
import type { ApiHandler, Handler, OperationHandler } from "./route-handler";

// The API request's span, made around each operation's handler as the route table is built
// (route-table.ts), beside its metrics, so that the lane (which answers the merchant API without
// Next), Next's catch-alls and the tests' harness all make it alike. Its parent is the merchant's
// traceparent when the request carries a valid one (a malformed one is ignored), or Next's own
// request span when Next answers. Its trace id goes back in the answer's X-Trace-Id, sampled or
// not: the request's log lines carry the same id (lib/core/logging/log.ts).
//
// It says which operation ("POST /api/v4/classic/deposit/initiate", the route's pattern, never the
// path's values), the environment and the status: never a header, a key, the query or the body.
// With tracing off, the handler runs as it is, after one property read.

function requestSpan<T>(operation: string, environment: Environment, request: Request, run: (span: Span | undefined) => Promise<T>): Promise<T> {
  const parent = requestParent(request.headers);
  const route = operation.slice(operation.indexOf(" ") + 1);
  // A server span when this is where the request enters this process (or comes from the merchant's
  // trace); inside Next's own request span, a span of that one.
  const local = hasLocalSpan(parent);
  return inSpan(
    operation,
    { kind: local ? SpanKind.INTERNAL : SpanKind.SERVER, attributes: { "http.request.method": request.method, "http.route": route, "pcs.operation": operation, "pcs.environment": environment } },
    run,
    parent,
  );
}

/** The answer's status on its span, and the trace id in its header. */
function finish(span: Span | undefined, status: number): string | undefined {
  if (!span) return undefined;
  span.setAttribute("http.response.status_code", status);
  if (status >= 500) failSpan(span, `HTTP ${status}`);
  return span.spanContext().traceId;
}

/** `handler`, answering inside its request's span when tracing is on. */
export function tracedHandler(operation: string, handler: OperationHandler): OperationHandler {
  if (typeof handler === "function") {
    const traced: Handler = (request, context) => {
      if (!tracing()) return handler(request, context);
      return requestSpan(operation, environmentOf(request), request, async (span) => {
        const response = await handler(request, context);
        const traceId = finish(span, response.status);
        if (traceId) {
          try {
            response.headers.set(TRACE_ID_HEADER, traceId);
          } catch {
            // A Response whose headers are immutable (one fetch() made, passed on): it goes as it is.
          }
        }
        return response;
      });
    };
    return traced;
  }
  const traced: ApiHandler = {
    ...handler,
    answer: (request, call) => {
      if (!tracing()) return handler.answer(request, call);
      return requestSpan(operation, call.environment, request, async (span): Promise<JsonAnswer> => {
        const answer = await handler.answer(request, call);
        const traceId = finish(span, answer.status);
        if (traceId) answer.headers[TRACE_ID_HEADER] = traceId;
        return answer;
      });
    },
  };
  return traced;
}
