// npx tsx scripts/bench-workers.ts - where the CPU goes when `npm start` runs one worker or two on
// this machine (issue 47, bench/README "Two workers on two cores"): the production build on a
// fresh PostgreSQL database per configuration, autocannon at WORKERS_CONNECTIONS (default 50) on
// create link for WORKERS_SECONDS (default 15) after a 5 s warm-up, and over the measured run the
// CPU time and context switches of each side: the app's processes, PostgreSQL's server processes
// (every backend, so run it on a quiet machine), autocannon; and the machine's idle time.
// WORKERS_ROUTE=read measures read link instead. Configurations: WORKERS_CONFIGS, e.g. "1x10,2x10,2x5" (workers x DATABASE_POOL_SIZE).
// BENCH_NODE as for `npm run bench` (scripts/bench-app.ts). Prints a table; writes nothing.
import { spawn, execFileSync } from "node:child_process";
import fs from "node:fs";
import { appEnv, benchNodeVersion, prepareMerchant, requireBuild, sleep, startApp } from "./bench-app";
import { freshDatabase } from "./fresh-database";

const SECONDS = Number(process.env.WORKERS_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.WORKERS_CONNECTIONS ?? 50);
// "2x10" or "2x10:--single-threaded-gc" (NODE_OPTIONS for the app's processes after the colon).
const CONFIGS = (process.env.WORKERS_CONFIGS ?? "1x10,2x10,2x5").split(",").map((c) => {
  const [shape, nodeOptions = ""] = c.split(":");
  const [workers, pool] = shape.split("x").map(Number);
  return { workers, pool, nodeOptions };
});
const ROUTE = process.env.WORKERS_ROUTE === "read" ? "read" : "create";
const DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/pcs_bench_workers";
const PORT = 3380;
const TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

type Usage = { cpuMs: number; voluntary: number; involuntary: number; processes: number };

/** CPU ms so far of the app's threads, summed by thread name over its processes (the main thread; V8's GC helpers and libuv's pool as the other threads). */
function threadCpu(pids: number[]): Map<string, number> {
  const byName = new Map<string, number>();
  for (const pid of pids) {
    let tids: string[] = [];
    try {
      tids = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
        // Node 22 names every thread "node": the main thread is the one whose id is the process's.
        const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")).replace(/\d+$/, "#");
        const name = tid === String(pid) ? "main thread" : `${comm} (other threads)`;
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        byName.set(name, (byName.get(name) ?? 0) + ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS);
      } catch {} // exited meanwhile
    }
  }
  return byName;
}

function usageOf(pids: number[]): Usage {
  const total: Usage = { cpuMs: 0, voluntary: 0, involuntary: 0, processes: 0 };
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
      total.cpuMs += ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
      total.voluntary += Number(/voluntary_ctxt_switches:\s+(\d+)/.exec(status)?.[1] ?? 0);
      total.involuntary += Number(/nonvoluntary_ctxt_switches:\s+(\d+)/.exec(status)?.[1] ?? 0);
      total.processes++;
    } catch {} // exited meanwhile
  }
  return total;
}

const pidsOf = (pattern: string): number[] =>
  execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => new RegExp(pattern).test(line.slice(line.indexOf(" ") + 1)))
    .map((line) => Number(line.split(" ")[0]));

function descendants(pid: number): number[] {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid="], { encoding: "utf8" }).trim().split("\n").map((l) => l.trim().split(/\s+/).map(Number));
  const pids = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, pp] of rows) if (pids.has(pp) && !pids.has(p)) (pids.add(p), (grew = true));
  }
  return [...pids];
}

const idleTicks = () => {
  const cpu = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  return { idle: cpu[3] + cpu[4], all: cpu.reduce((a, b) => a + b, 0) };
};

function autocannon(url: string, key: string, seconds: number, reference: string): Promise<{ child: ReturnType<typeof spawn>; done: Promise<{ requests: number; p99: number }> }> {
  const options =
    ROUTE === "create"
      ? { url: `${url}/test/api/v4/payments/link`, method: "POST", body: JSON.stringify({ amount: 5000, currency: "XOF", description: "Bench order" }) }
      : { url: `${url}/test/api/v4/payments/link/${reference}`, method: "GET" };
  const child = spawn(process.execPath, [
    "scripts/bench-autocannon.cjs",
    JSON.stringify({ ...options, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, connections: CONNECTIONS, duration: seconds }),
  ]);
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  const done = new Promise<{ requests: number; p99: number }>((resolve, reject) =>
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const r = JSON.parse(out);
      if (r.non2xx) console.log(`non-2xx answers: ${JSON.stringify(r.statusCodeStats)}`);
      resolve({ requests: r.requests.total - r.non2xx, p99: r.latency.p99 });
    }),
  );
  return Promise.resolve({ child, done });
}

requireBuild();
console.log(`${benchNodeVersion()}, ${CONNECTIONS} connections, ${SECONDS} s, route ${ROUTE}; load ${fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
const rows: string[] = [];
const threadRows: string[] = [];
for (const { workers, pool, nodeOptions } of CONFIGS) {
  await freshDatabase(DATABASE_URL);
  const env = appEnv(DATABASE_URL, null, { LOG_LEVEL: "silent", WEB_CONCURRENCY: String(workers), DATABASE_POOL_SIZE: String(pool) });
  const merchant = prepareMerchant(env, "Workers Shop");
  const app = await startApp(nodeOptions ? { ...env, NODE_OPTIONS: nodeOptions } : env, PORT);
  try {
    const created = await fetch(`${app.base}/test/api/v4/payments/link`, {
      method: "POST",
      headers: { authorization: `Bearer ${merchant.sandboxKey}`, "content-type": "application/json" },
      body: JSON.stringify({ amount: 5000, currency: "XOF", description: "Bench order" }),
    });
    const { reference } = (await created.json()) as { reference: string };
    await (await autocannon(app.base, merchant.sandboxKey, 5, reference)).done;
    await sleep(1000);
    const appPids = descendants(app.process.pid!);
    const pgPids = pidsOf("postgres");
    const load = await autocannon(app.base, merchant.sandboxKey, SECONDS, reference);
    const t0 = threadCpu(appPids);
    const a0 = usageOf(appPids), p0 = usageOf(pgPids), c0 = usageOf([load.child.pid!]), m0 = idleTicks();
    await sleep(SECONDS * 1000 - 300);
    const a1 = usageOf(appPids), p1 = usageOf(pidsOf("postgres")), c1 = usageOf([load.child.pid!]), m1 = idleTicks();
    const t1 = threadCpu(appPids);
    const { requests, p99 } = await load.done;
    const threads = [...t1].map(([name, ms]) => [name, (ms - (t0.get(name) ?? 0)) / requests] as const).filter(([, ms]) => ms >= 0.001).sort((a, b) => b[1] - a[1]);
    threadRows.push(`| ${workers} x ${pool}${nodeOptions ? ` ${nodeOptions}` : ""} | ${threads.map(([name, ms]) => `${name} ${ms.toFixed(3)}`).join(", ")} |`);
    const per = (b: Usage, a: Usage) => `${((a.cpuMs - b.cpuMs) / requests).toFixed(3)} ms, ${((a.voluntary - b.voluntary) / requests).toFixed(2)} / ${((a.involuntary - b.involuntary) / requests).toFixed(2)} cs`;
    const idle = (100 * (m1.idle - m0.idle)) / (m1.all - m0.all);
    rows.push(
      `| ${workers} x ${pool}${nodeOptions ? ` ${nodeOptions}` : ""} | ${Math.round(requests / SECONDS)} | ${p99} | ${per(a0, a1)} | ${per(p0, p1)} (${p1.processes}) | ${per(c0, c1)} | ${idle.toFixed(0)}% |`,
    );
    console.log(rows.at(-1));
  } finally {
    app.stop();
    await sleep(2000);
  }
}
console.log(
  [
    "",
    "| workers x pool | req/s | p99 ms | app CPU / request, voluntary / involuntary switches | PostgreSQL (processes) | autocannon | machine idle |",
    "|---|---|---|---|---|---|---|",
    ...rows,
    "",
    "| workers x pool | the app's CPU ms per request by thread (all its processes) |",
    "|---|---|",
    ...threadRows,
  ].join("\n"),
);
process.exit(0);
