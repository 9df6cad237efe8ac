// npx tsx scripts/bench-metrics.ts - what the API's request metrics cost per request (issue 48:
// "metrics on cost at most 5 % of create/read link throughput"). The counting cannot be turned off
// in a running server, so it is measured where it happens: meteredHandler (the wrapper every
// operation of the route table gets) around a handler that answers at once, against the same
// handler bare, in one process, interleaved, over METRICS_CALLS calls (default 2,000,000) per
// round. The difference is the CPU each API request pays for pcs_api_requests_total and
// pcs_api_request_duration_seconds; the process-wide part (prom-client's default metrics: an
// event-loop delay histogram and a few gauges read at scrape time) costs nothing per request.
// Prints the cost in microseconds and its share of the app's CPU time per create and read link
// in bench/results.md (the figures of `npm run bench`); `npm run bench` prints it too.
import fs from "node:fs";
import { meteredHandler } from "@/lib/surfaces/http/metered-handler";
import type { ApiHandler } from "@/lib/surfaces/http/route-handler";

const CALLS = Number(process.env.METRICS_CALLS ?? 2_000_000);
const ROUNDS = 5;

/** Microseconds per request that meteredHandler adds, the median of ROUNDS interleaved rounds. */
export async function meteredCostMicros(calls = CALLS): Promise<number> {
  const answer = { status: 201, body: {} };
  const bare = { answer: async () => answer } as unknown as ApiHandler;
  const metered = meteredHandler("POST /api/v4/payments/link", bare) as ApiHandler;
  const call = { environment: "sandbox" } as Parameters<ApiHandler["answer"]>[1];
  const request = {} as Request;
  const time = async (handler: ApiHandler) => {
    const started = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) await handler.answer(request, call);
    return Number(process.hrtime.bigint() - started) / 1000 / calls;
  };
  await time(metered); // warm-up: both paths optimized before measuring
  await time(bare);
  const differences: number[] = [];
  for (let round = 0; round < ROUNDS; round++) differences.push((await time(metered)) - (await time(bare)));
  return differences.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)];
}

/** The app's CPU ms per request of create and read link, one process, in a bench report. */
export function appCpuPerRequest(report = "bench/results.md"): { route: string; connections: number; cpuMs: number }[] {
  if (!fs.existsSync(report)) return [];
  const rows: { route: string; connections: number; cpuMs: number }[] = [];
  for (const line of fs.readFileSync(report, "utf8").split("\n")) {
    // "| create link | 10 | 5343 | 3113 | 58% | 0.15 / 0.31 |" of the one-process-against-all-cores table
    const cells = line.split("|").map((c) => c.trim());
    if (!/^(create link|read link)$/.test(cells[1] ?? "") || !/^[\d.]+ \/ [\d.]+$/.test(cells[6] ?? "")) continue;
    rows.push({ route: cells[1], connections: Number(cells[2]), cpuMs: Number(cells[6].split(" / ")[0]) });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const micros = await meteredCostMicros();
  console.log(`API request metrics: ${micros.toFixed(2)} µs of CPU per request (${process.version})`);
  for (const { route, connections, cpuMs } of appCpuPerRequest()) {
    console.log(`  ${route}, ${connections} connections: ${((100 * micros) / (cpuMs * 1000)).toFixed(1)} % of its ${cpuMs} ms per request (bench/results.md, one process)`);
  }
}
