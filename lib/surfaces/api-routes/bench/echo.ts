// POST /api/bench/echo - the benchmark's framework floor for a POST: parses the JSON body and
// answers it back. Only with BENCH_ROUTES=1 (lib/surfaces/http/bench-route.ts).
import { routeMethods } from "@/lib/surfaces/http/api-route";
import { benchRoute } from "@/lib/surfaces/http/bench-route";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: benchRoute((request) => request.json()),
});
