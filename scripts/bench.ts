// npm run bench - API throughput and latency of the production build on PostgreSQL, driven by
// autocannon in its own process, next to floors measured under the same load:
//   framework floor: GET /api/health of the same build (a route handler that touches nothing),
//                    and the floors of each route's shape (app/api/bench): a GET with a path
//                    parameter, a POST whose JSON body is parsed
//   database floor:  scripts/bench-db-floor.ts, node:http + pg doing the same insert and read
// Run `npm run build` first. Prints a table and writes bench/results.md. Measures, does not
// assert: the targets are in the README. The ratios to the framework floors come from
// interleaved slices (floor, route, floor, route...), so that the machine's drift over minutes
// weighs on both sides alike; the 20 s runs give the table.
//   BENCH_SECONDS (default 20) per run, BENCH_WARMUP_SECONDS (default 5; every route twice that first), BENCH_CONNECTIONS
//   (default "10,50"), BENCH_SLICES (default 4) and BENCH_SLICE_SECONDS (default 5) for the ratios,
//   BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/pcs_bench,
//   dropped and created afresh), BENCH_PORT (default 3270; uses the next three ports too).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "10,50").split(",").map(Number);
const SLICES = Number(process.env.BENCH_SLICES ?? 4);
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 5);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/pcs_bench";
const PORT = Number(process.env.BENCH_PORT ?? 3270);
const ports = { app: PORT, second: PORT + 1, floor: PORT + 2 };
const bin = (name: string) => path.join(process.cwd(), "node_modules", ".bin", name);

if (!fs.existsSync(path.join(".next", "BUILD_ID"))) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

// A database of its own, created afresh.
const dbUrl = new URL(DATABASE_URL);
const dbName = dbUrl.pathname.slice(1);
const admin = new pg.Client({ connectionString: Object.assign(new URL(DATABASE_URL), { pathname: "/postgres" }).toString() });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
await admin.query(`CREATE DATABASE "${dbName}"`);
await admin.end();

const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL,
  NODE_ENV: "production",
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "silent",
  NEXT_TELEMETRY_DISABLED: "1",
  BENCH_ROUTES: "1",
  // The load comes from one address and one key: the limits would answer 429 within a second.
  API_REQUESTS_PER_MINUTE_PER_KEY: "1000000000",
  SANDBOX_API_REQUESTS_PER_MINUTE_PER_KEY: "1000000000",
  API_REQUESTS_PER_MINUTE_PER_IP: "1000000000",
  SANDBOX_API_REQUESTS_PER_MINUTE_PER_IP: "1000000000",
};
delete env.PGLITE_DATA_DIR;
execFileSync(bin("tsx"), ["scripts/prepare-db.ts"], { env, stdio: "ignore" });
const merchant = JSON.parse(
  execFileSync(bin("tsx"), ["scripts/merchant-create.ts", "--name", "Bench Shop", "--json"], { env, encoding: "utf8" }).trim().split("\n").at(-1)!,
);

const children: ChildProcess[] = [];
const startNext = (port: number) => {
  // As `npm start` runs it (scripts/server-preload.cjs: the socket's address for the limits).
  const preload = `${env.NODE_OPTIONS ?? ""} --require ${path.join(process.cwd(), "scripts", "server-preload.cjs")}`.trim();
  const child = spawn(bin("next"), ["start", "--port", String(port)], { env: { ...env, NODE_OPTIONS: preload }, stdio: "ignore" });
  children.push(child);
  return child;
};
const stopAll = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", () => (stopAll(), process.exit(130)));

async function waitFor(url: string) {
  for (let i = 0; i < 300; i++) {
    try {
      await (await fetch(url)).text();
      return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

/** Resident memory of a process and its descendants (next start runs the server in a child). */
function treeRss(pid: number): number {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid=,rss="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/).map(Number));
  const pids = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, pp] of rows) if (pids.has(pp) && !pids.has(p)) (pids.add(p), (grew = true));
  }
  return rows.filter(([p]) => pids.has(p)).reduce((sum, [, , rss]) => sum + rss * 1024, 0);
}

type Target = { method: "GET" | "POST"; path: string; body?: string; headers?: Record<string, string> };
type Result = { name: string; connections: number; rps: number; p50: number; p99: number; max: number; errors: number; non2xx: number; rssMiB: number };

const json = { "content-type": "application/json" };
const keyed = { ...json, authorization: `Bearer ${merchant.sandboxKey}` };
const linkBody = JSON.stringify({ amount: 5000, currency: "XOF", description: "Bench order" });
// The sandbox phone decides the answer: ...222 never answers, so a request is only the API's
// work; ...444 approves 2 s later, which settles the deposit (ledger, status) in the background.
const depositBody = (phone: string) => JSON.stringify({ amount: 5000, currency: "XOF", customerPhone: phone, country: "CI", gatewayName: "MTN_MOMO_CI" });

/** One autocannon run in its own process; the app's peak RSS is sampled meanwhile. */
async function run(...args: Parameters<typeof runOnce>): Promise<Result> {
  // autocannon has once exited without a report: one more try before a row of NaN.
  const first = await runOnce(...args);
  return Number.isNaN(first.rps) ? runOnce(...args) : first;
}

async function runOnce(name: string, targets: { url: string; target: Target }[], connections: number, seconds: number, rssOf: number[]) {
  const args = ["--json", "-c", String(connections), "-d", String(seconds)];
  const { target } = targets[0];
  args.push("-m", target.method);
  for (const [k, v] of Object.entries(target.headers ?? {})) args.push("-H", `${k}=${v}`);
  if (target.body) args.push("-b", target.body);
  args.push(...targets.map((t) => t.url));
  let peak = 0;
  const sampler = setInterval(() => {
    const rss = rssOf.reduce((sum, pid) => sum + treeRss(pid), 0);
    peak = Math.max(peak, rss);
  }, 250);
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(bin("autocannon"), args, { stdio: ["ignore", "pipe", "pipe"] });
    let text = "";
    let errorText = "";
    child.stdout.on("data", (d) => (text += d));
    child.stderr.on("data", (d) => (errorText += d));
    child.on("exit", (code) => (code === 0 && text.trim() ? resolve(text) : reject(new Error(`autocannon exited ${code}: ${errorText.slice(-500)}`))));
  }).catch((error: Error) => {
    console.error(`${name} c=${connections}: ${error.message}`);
    return null;
  });
  clearInterval(sampler);
  // A run autocannon could not report is kept as a row of NaN, not the end of the benchmark.
  if (out === null) return { name, connections, rps: NaN, p50: NaN, p99: NaN, max: NaN, errors: NaN, non2xx: NaN, rssMiB: peak / 1024 / 1024 };
  const r = JSON.parse(out);
  return {
    name,
    connections,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    rssMiB: peak / 1024 / 1024,
  } satisfies Result;
}

/** Waits until the app has settled every approved deposit, so the backlog loads no later run. */
async function settled(phone: string) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const pending = async () =>
    Number((await client.query(`SELECT count(*) FROM "Deposit" WHERE status = 'pending' AND "customerPhone" = $1`, [phone])).rows[0].count);
  const started = Date.now();
  while ((await pending()) > 0 && Date.now() - started < 180_000) await new Promise((r) => setTimeout(r, 500));
  console.log(`approved deposits settled ${((Date.now() - started) / 1000).toFixed(0)} s after the load stopped`);
  await client.end();
}

/** Mean req/s of each target over interleaved slices: every target once per round. */
async function interleaved(targets: Record<string, { url: string; target: Target }[]>, connections: number) {
  const totals: Record<string, number[]> = {};
  for (let round = 0; round < SLICES; round++) {
    for (const [name, target] of Object.entries(targets)) (totals[name] ??= []).push((await run(name, target, connections, SLICE_SECONDS, [])).rps);
  }
  const mean = Object.fromEntries(Object.entries(totals).map(([name, rps]) => [name, rps.reduce((a, b) => a + b, 0) / rps.length]));
  console.log(`interleaved c=${connections}: ${Object.entries(mean).map(([name, rps]) => `${name} ${rps.toFixed(0)}`).join(", ")} req/s`);
  return mean;
}

const results: Result[] = [];
const slices: Record<number, Record<string, number>> = {};
async function measure(name: string, targets: { url: string; target: Target }[], pids: number[]) {
  await run(name, targets, 10, WARMUP, pids);
  for (const c of CONNECTIONS) {
    const result = await run(name, targets, c, SECONDS, pids);
    results.push(result);
    console.log(
      `${name.padEnd(34)} c=${String(c).padStart(3)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  max ${result.max} ms  errors ${result.errors}  non-2xx ${result.non2xx}  rss ${result.rssMiB.toFixed(0)} MiB`,
    );
  }
}

const started = Date.now();
const loadBefore = os.loadavg()[0];
try {
  const floorProcess = spawn(bin("tsx"), ["scripts/bench-db-floor.ts"], {
    env: { ...env, PORT: String(ports.floor), BENCH_MERCHANT_ID: merchant.id },
    stdio: "ignore",
  });
  children.push(floorProcess);
  const app = startNext(ports.app);
  const base = `http://127.0.0.1:${ports.app}`;
  const floor = `http://127.0.0.1:${ports.floor}`;
  await waitFor(`${base}/api/health`);
  await waitFor(`${floor}/link/none`);

  const link = await (await fetch(`${base}/test/api/v4/payments/link`, { method: "POST", headers: keyed, body: linkBody })).json();
  const floorLink = await (await fetch(`${floor}/link`, { method: "POST", headers: json, body: linkBody })).json();
  const at = (url: string, target: Target) => [{ url: `${url}${target.path}`, target }];

  const health: Target = { method: "GET", path: "/api/health" };
  const create: Target = { method: "POST", path: "/test/api/v4/payments/link", body: linkBody, headers: keyed };
  const read: Target = { method: "GET", path: `/test/api/v4/payments/link/${link.reference}`, headers: keyed };
  const deposit = (phone: string): Target => ({ method: "POST", path: "/test/api/v4/deposit/initiate", body: depositBody(phone), headers: keyed });
  const gatewayList: Target = { method: "GET", path: "/public/gateways/deposit/list" };
  const pathFloor: Target = { method: "GET", path: `/api/bench/echo/${link.reference}` };
  const postFloor: Target = { method: "POST", path: "/api/bench/echo", body: linkBody, headers: json };
  // A fresh process runs cold (JIT, lazily loaded route code): a link create takes ~10 s of
  // load to reach its steady speed. Warm every route first, or whatever is measured first (the
  // framework floor) would be the slowest and every ratio flattered or spoiled.
  const warmAll = async (url: string) => {
    for (const t of [health, pathFloor, postFloor, create, read, gatewayList]) await run("warm-up", at(url, t), 10, WARMUP * 2, []);
  };
  await warmAll(base);

  await measure("framework floor: GET /api/health", at(base, health), [app.pid!]);
  await measure("framework floor: GET with a path parameter", at(base, pathFloor), [app.pid!]);
  await measure("framework floor: POST with a JSON body", at(base, postFloor), [app.pid!]);
  await measure("database floor: insert link", at(floor, { method: "POST", path: "/link", body: linkBody, headers: json }), [floorProcess.pid!]);
  await measure("database floor: read link", at(floor, { method: "GET", path: `/link/${floorLink.reference}` }), [floorProcess.pid!]);
  await measure("create link", at(base, create), [app.pid!]);
  await measure("read link", at(base, read), [app.pid!]);
  await measure("initiate DIRECT deposit", at(base, deposit("+2250700000222")), [app.pid!]);
  await measure("DIRECT deposit, approved 2 s later", at(base, deposit("+2250700000444")), [app.pid!]);
  await settled("+2250700000444");
  await measure("deposit gateway list", at(base, gatewayList), [app.pid!]);
  for (const c of CONNECTIONS) {
    slices[c] = await interleaved({ health: at(base, health), pathFloor: at(base, pathFloor), postFloor: at(base, postFloor), read: at(base, read), create: at(base, create) }, c);
  }

  // Two app processes on one PostgreSQL, the load split between them (autocannon round-robins URLs).
  const second = startNext(ports.second);
  const base2 = `http://127.0.0.1:${ports.second}`;
  await waitFor(`${base2}/api/health`);
  await warmAll(base2);
  const both = (target: Target) => [...at(base, target), ...at(base2, target)];
  await measure("2 processes: framework floor", both(health), [app.pid!, second.pid!]);
  await measure("2 processes: create link", both(create), [app.pid!, second.pid!]);
  await measure("2 processes: read link", both(read), [app.pid!, second.pid!]);
} finally {
  stopAll();
}

// ---- report -----------------------------------------------------------------------------
const find = (name: string, c: number) => results.find((r) => r.name === name && r.connections === c);
const pct = (a?: Result, b?: Result) => (a && b ? `${((a.rps / b.rps) * 100).toFixed(0)}%` : "-");
const slicePct = (c: number, a: string, b: string) => (slices[c] ? `${((slices[c][a] / slices[c][b]) * 100).toFixed(0)}%` : "-");
const lines = [
  `# API benchmark (${new Date().toISOString().slice(0, 16)}Z)`,
  "",
  `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown"}), Node ${process.version}, PostgreSQL at ${dbUrl.host}; ` +
    `autocannon in its own process on the same machine; ${SECONDS} s per run after a ${WARMUP} s warm-up, every route warmed ${WARMUP * 2} s after each process start. ` +
    "Sandbox key, limits lifted, logs silent. Peak RSS: the app process tree (both, for two processes). " +
    `Load average (1 min) before / after: ${loadBefore.toFixed(1)} / ${os.loadavg()[0].toFixed(1)}; anything above the core count means other work shared the CPU and the figures are noisy.`,
  "",
  "| run | connections | req/s | p50 ms | p99 ms | max ms | errors | non-2xx | peak RSS MiB |",
  "|---|---|---|---|---|---|---|---|---|",
  ...results.map(
    (r) => `| ${r.name} | ${r.connections} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.max} | ${r.errors} | ${r.non2xx} | ${r.rssMiB.toFixed(0)} |`,
  ),
  "",
  "## Ratios",
  "",
  `To the framework floors: means of ${SLICES} interleaved ${SLICE_SECONDS} s slices each. To the database floor: the 20 s runs above.`,
  "",
  "| | connections | / framework floor (GET /api/health) | / framework floor of its shape | / database floor | target |",
  "|---|---|---|---|---|---|",
  ...CONNECTIONS.flatMap((c) => [
    `| create link | ${c} | ${slicePct(c, "create", "health")} | ${slicePct(c, "create", "postFloor")} (POST with a JSON body) | ${pct(find("create link", c), find("database floor: insert link", c))} | >= 70% of GET /api/health |`,
    `| read link | ${c} | ${slicePct(c, "read", "health")} | ${slicePct(c, "read", "pathFloor")} (GET with a path parameter) | ${pct(find("read link", c), find("database floor: read link", c))} | >= 85% of GET /api/health |`,
    `| the floors of the shapes themselves | ${c} | POST ${slicePct(c, "postFloor", "health")}, GET with a parameter ${slicePct(c, "pathFloor", "health")} | | | |`,
    `| 2 processes: create link vs 1 | ${c} | ${pct(find("2 processes: create link", c), find("create link", c))} of one process | | | |`,
    `| 2 processes: read link vs 1 | ${c} | ${pct(find("2 processes: read link", c), find("read link", c))} of one process | | | |`,
  ]),
  "",
  `Targets: zero errors and non-2xx, p99 < 100 ms at 10 connections. Whole run: ${((Date.now() - started) / 1000).toFixed(0)} s.`,
];
fs.mkdirSync("bench", { recursive: true });
fs.writeFileSync(path.join("bench", "results.md"), `${lines.join("\n")}\n`);
console.log(`\n${lines.join("\n")}`);
process.exit(0);
