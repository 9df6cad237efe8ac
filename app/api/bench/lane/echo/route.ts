// POST /api/bench/lane/echo - the POST floor (app/api/bench/echo) served through the API lane
// (lib/http/api-lane/route-table.ts takes this tree), to measure what our handlers cost beyond the
// lane's own minimum. Only with BENCH_ROUTES=1.
export * from "@/app/api/bench/echo/route";
