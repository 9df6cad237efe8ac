// The benchmark's framework floor for a route with a path parameter
// (Next matches and decodes it): answers the parameter. Only with BENCH_ROUTES=1 (lib/surfaces/http/bench-route.ts).
import { benchRoute } from "@/lib/surfaces/http/bench-route";
import { apiOperation } from "../operation";

const handler = benchRoute(async (_request, context) => ({ id: (await context.params).id }));

export const benchEchoId = apiOperation({
  method: "GET",
  path: "/api/bench/echo/[id]",
  handler,
});

export const benchLaneEchoId = apiOperation({
  method: "GET",
  path: "/api/bench/lane/echo/[id]",
  lane: true,
  handler,
});
