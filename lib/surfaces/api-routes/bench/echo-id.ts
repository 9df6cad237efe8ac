// GET /api/bench/echo/{id} - the benchmark's framework floor for a route with a path parameter
// (Next matches and decodes it): answers the parameter. Only with BENCH_ROUTES=1 (lib/surfaces/http/bench-route.ts).
import { routeMethods } from "@/lib/surfaces/http/api-route";
import { benchRoute } from "@/lib/surfaces/http/bench-route";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: benchRoute(async (_request, context) => ({ id: (await context.params).id })),
});
