// The Prometheus scrape (issue 48): every process of the server counted once (cluster-scrape.ts),
// then the database's state, read once by the process the scrape landed on (service-state-metrics.ts).
// Off (404) without METRICS_TOKEN, refused (401) without the token; neither says more than the
// catch-all would. Not counted in the request metrics, like the other probes.
import { errorBody } from "@/lib/core/errors/api-error";
import type { ErrorCode } from "@/lib/core/errors/error-codes";
import { scrapeMetrics } from "@/lib/core/metrics/cluster-scrape";
import { metricsAccess } from "@/lib/core/metrics/metrics-token";
import { scrapeServiceState } from "@/lib/features/monitoring/service-state-metrics";
import { answerResponse, jsonAnswer, requestIdFor } from "@/lib/surfaces/http/json-answer";
import { apiOperation } from "../operation";

const refusal = (request: Request, code: ErrorCode, status: number, details: string) =>
  answerResponse(jsonAnswer(status, errorBody(code, details), requestIdFor(request), status === 401 ? { "www-authenticate": "Bearer" } : {}));

export const getMetrics = apiOperation({
  method: "GET",
  path: "/api/metrics",
  metered: false,
  handler: async (request) => {
    const access = metricsAccess(request.headers.get("authorization"));
    if (access === "off") return refusal(request, 40004, 404, "No route for GET /api/metrics");
    if (access === "refused") return refusal(request, 40002, 401, "The metrics need the bearer token set in METRICS_TOKEN");
    const [{ text, contentType }, state] = await Promise.all([scrapeMetrics(), scrapeServiceState()]);
    return new Response(text + state, { headers: { "content-type": contentType, "cache-control": "no-store" } });
  },
});
