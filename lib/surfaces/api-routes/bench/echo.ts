// The benchmark's framework floor for a POST: parses the JSON body and
// answers it back. Only with BENCH_ROUTES=1 (lib/surfaces/http/bench-route.ts).
import { benchRoute } from "@/lib/surfaces/http/bench-route";
import { apiOperation } from "../operation";

const handler = benchRoute((request) => request.json());

export const benchEcho = apiOperation({
  method: "POST",
  path: "/api/bench/echo",
  handler,
});

export const benchLaneEcho = apiOperation({
  method: "POST",
  path: "/api/bench/lane/echo",
  lane: true,
  handler,
});
