import type { Environment } from "@/lib/core/domain/environment";
import { appMetrics } from "@/lib/core/metrics/registry";
import { STATUS_CLASSES, statusClassIndex } from "@/lib/core/metrics/status-class";
import { apiErrorOf } from "./api-error-of";
import type { JsonAnswer } from "./json-answer";
import type { ApiHandler, Handler, OperationHandler } from "./route-handler";

// The API's request metrics (pcs_api_requests_total, pcs_api_request_duration_seconds), counted
// around each operation's handler as the route table is built (route-table.ts), so that the lane,
// Next's catch-alls and the tests' harness all count alike. On the lane's hot path: a request
// costs two clock reads, an array lookup and one increment and one observation on label sets made
// once per route, environment and status class.

type Labels = { operation: string; status_class: string; environment: Environment };

/** The label sets of one operation: [environment][status class], made at their first use. */
function labelSets(operation: string) {
  const sets: Record<Environment, (Labels | undefined)[]> = { sandbox: [], live: [] };
  return (environment: Environment, status: number): Labels => {
    const index = statusClassIndex(status);
    return (sets[environment][index] ??= { operation, status_class: STATUS_CLASSES[index], environment });
  };
}

/**
 * The status a handler that threw is answered with, as the lane answers it (errorAnswer,
 * json-answer.ts): a known outcome with its code's status, anything else with a 500. (Next's
 * catch-alls answer any throw with a 500; apiRoute's handlers never throw, they answer errors.)
 */
const thrownStatus = (error: unknown) => apiErrorOf(error)?.status ?? 500;

/** The environment of a request to a plain route function, which the router does not tell: its path's "/test". */
export function environmentOf(request: Request): Environment {
  const url = request.url;
  const pathStart = url.indexOf("/", url.indexOf("//") + 2);
  return url.startsWith("/test/", pathStart) ? "sandbox" : "live";
}

/** `handler`, counting each answer under `operation` ("GET /api/v4/refunds/[reference]"). */
export function meteredHandler(operation: string, handler: OperationHandler): OperationHandler {
  const labels = labelSets(operation);
  const record = (environment: Environment, status: number, started: number) => {
    const metrics = appMetrics();
    const set = labels(environment, status);
    metrics.apiRequests.inc(set);
    metrics.apiDuration.observe(set, (performance.now() - started) / 1000);
  };
  if (typeof handler === "function") {
    const metered: Handler = async (request, context) => {
      const started = performance.now();
      let response: Response;
      try {
        response = await handler(request, context);
      } catch (error) {
        record(environmentOf(request), thrownStatus(error), started);
        throw error;
      }
      record(environmentOf(request), response.status, started);
      return response;
    };
    return metered;
  }
  const metered: ApiHandler = {
    ...handler,
    answer: async (request, call) => {
      const started = performance.now();
      let answer: JsonAnswer;
      try {
        answer = await handler.answer(request, call);
      } catch (error) {
        record(call.environment, thrownStatus(error), started);
        throw error;
      }
      record(call.environment, answer.status, started);
      return answer;
    },
  };
  return metered;
}
