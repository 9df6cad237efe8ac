// GET /api/bench/lane/echo/{id} - the GET floor (app/api/bench/echo/[id]) served through the API
// lane. Only with BENCH_ROUTES=1.
export * from "@/app/api/bench/echo/[id]/route";
