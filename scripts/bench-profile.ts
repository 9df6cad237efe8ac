// npm run bench:profile - where a create link and a read link spend their time (issue 38): the
// production build on PostgreSQL, one process (WEB_CONCURRENCY=1) under autocannon at
// PROFILE_CONNECTIONS (default 50) for PROFILE_SECONDS (default 20) per route, with V8's sampling
// profiler started and stopped over the inspector protocol around the measured run only (not the
// start-up or the warm-up), and the event loop's delay and GC pauses read inside the app meanwhile.
// Each sample's frame is traced through the build's source maps to our source file, so the tables
// name lib/... folders and packages, not Turbopack's chunk names.
// Writes bench/profile.md (tables) and bench/profiles/<route>.cpuprofile (open in Chrome DevTools'
// Performance panel or https://www.speedscope.app for the flame graph; not committed).
// Three routes: create link, the same with a new Idempotency-Key on each request (autocannon's
// [<id>] replacement: the idempotency record's share), and read link. Logs are silent as in
// `npm run bench`; PROFILE_LOG_LEVEL=info shows what the request log costs.
// Run `npm run build` first. PROFILE_DATABASE_URL (default .../pcs_profile, created afresh), PROFILE_PORT (3290).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { SourceMapConsumer } from "source-map-js";
import { appEnv, benchNodeVersion, prepareMerchant, requireBuild, sleep, startApp } from "./bench-app";
import { inspect, startDbFloor, type CpuProfile, type CpuProfileNode, type Inspector } from "./bench-inspector";
import { freshDatabase } from "./fresh-database";

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 50);
const DATABASE_URL = process.env.PROFILE_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/pcs_profile";
const PORT = Number(process.env.PROFILE_PORT ?? 3290);
const INSPECT_PORT = PORT + 1;

requireBuild();
await freshDatabase(DATABASE_URL);
const LOG_LEVEL = process.env.PROFILE_LOG_LEVEL ?? "silent";
const env = appEnv(DATABASE_URL, null, { LOG_LEVEL, WEB_CONCURRENCY: "1" });
const merchant = prepareMerchant(env, "Profile Shop");
const app = await startApp({ ...env, NODE_OPTIONS: `--inspect=127.0.0.1:${INSPECT_PORT}` }, PORT);
// The database floor (scripts/bench-db-floor.ts: node:http + pg, the same statements), profiled alike.
const floorPort = PORT + 2;
const floor = await startDbFloor(env, merchant.id, floorPort, floorPort + 1);
process.on("exit", () => (app.stop(), floor.kill()));

// ---- load
type Load = { rps: number; requests: number; p50: number; p99: number; non2xx: number; errors: number };
/**
 * One autocannon run in a process of its own, through its API rather than its command line: the
 * command line's argument parser (subarg) reads "[...]" as a group, so a header holding the
 * [<id>] placeholder cannot be given there.
 */
function autocannon(url: string, method: "GET" | "POST", seconds: number, body?: string, idempotencyKey = false): Promise<Load> {
  const headers: Record<string, string> = { authorization: `Bearer ${merchant.sandboxKey}` };
  if (body) headers["content-type"] = "application/json";
  // idReplacement puts a new id in place of [<id>] anywhere in each request, headers included.
  if (idempotencyKey) headers["idempotency-key"] = "bench-[<id>]";
  const options = { url, method, body, headers, connections: CONNECTIONS, duration: seconds, idReplacement: idempotencyKey };
  const runner = "require('autocannon')(JSON.parse(process.argv[1]), (error, result) => error ? process.exit(1) : process.stdout.write(JSON.stringify(result)))";
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", runner, JSON.stringify(options)], { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (code) => {
      if (code !== 0 || !out) return reject(new Error(`autocannon exited ${code}`));
      const r = JSON.parse(out);
      resolve({ rps: r.requests.average, requests: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts });
    });
  });
}

// ---- where the samples fall: the frame's source file through the chunk's source map
const consumers = new Map<string, SourceMapConsumer | null>();
function consumerFor(url: string): SourceMapConsumer | null {
  if (!consumers.has(url)) {
    const file = url.startsWith("file://") ? new URL(url).pathname : url;
    const map = `${file}.map`;
    consumers.set(url, fs.existsSync(map) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(map, "utf8"))) : null);
  }
  return consumers.get(url)!;
}

/** The source a frame was compiled from: "lib/features/links/...", "node_modules/pg/...", "node:internal/...", or the runtime's own "(garbage collector)". */
function sourceOf(frame: CpuProfileNode["callFrame"]): { file: string; name: string } {
  // V8's own entries ("(garbage collector)", "(program)", "(idle)") and C++ bindings (writev: the socket writes).
  if (!frame.url) return { file: frame.functionName.startsWith("(") ? frame.functionName : `native: ${frame.functionName || "?"}`, name: frame.functionName };
  const consumer = frame.url.includes("/.next/") ? consumerFor(frame.url) : null;
  if (consumer) {
    const original = consumer.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (original.source) return { file: decodeURIComponent(original.source).replace(/^turbopack:\/\/\/?(\[project\]\/)?/, "").replace(/^(\.\.\/)+/, ""), name: original.name ?? frame.functionName };
  }
  return { file: frame.url.replace(/^file:\/\//, "").replace(`${process.cwd()}/`, ""), name: frame.functionName };
}

/** A file's group in the tables: a package, Node's internals by module, or our folder two levels down. */
function groupOf(file: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (pkg) return pkg[1].startsWith("next") ? "next" : pkg[1];
  if (file.startsWith("node:")) return `node: ${file.replace(/^node:(internal\/)?/, "").split("/")[0]}`;
  if (file.startsWith("(") || file.startsWith("native: ")) return file;
  const ours = /^(lib\/[^/]+\/[^/]+|server|app|scripts|[^/]+)/.exec(file);
  return ours ? ours[1].replace(/\.(ts|tsx|cjs|js)$/, "") : file;
}

// Functions whose inclusive time is a phase of a request (lib/surfaces/http/api-route.ts's order).
// A sampled stack holds only synchronous frames: an async function counts from where it resumes,
// and the driver's work on an answer (pg's socket callbacks) falls in its package's self time, not
// under the statement's phase. The self-time table by package is the one that adds up.
const PHASES: [string, RegExp][] = [
  ["authentication (key hash, cache)", /^authenticateApiKey$/],
  ["rate limits", /^(limitApiKey|limitApiClient)$/],
  ["body read + JSON parse", /^readJsonBody$/],
  ["validation (zod)", /^safeParse$/],
  ["idempotency", /^(runIdempotent|runIdempotentPhases|runIdempotentInsert)$/],
  ["SQL statements (building, sending)", /^(insertPaymentLink|paymentLinkInsert|writePrepared|insertClaimWith|findPaymentLink|findPaymentLinkWithAttempts|findLinkAttempts|insertClaimLocking|guardedWrite|postingInserts)$/],
  ["serialization (JSON.stringify, the answer)", /^(answerResponse|jsonAnswer|writeAnswer)$/],
  ["logging", /^log$/],
  ["background runner", /^runDueWork$/],
];

type Row = { name: string; ms: number; share: number };
function summarize(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const info = new Map(profile.nodes.map((n) => [n.id, sourceOf(n.callFrame)]));
  const self = new Map<string, number>();
  const phases = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    total += ms;
    const own = info.get(id)!;
    if (own.file === "(idle)") return;
    busy += ms;
    const group = groupOf(own.file);
    self.set(group, (self.get(group) ?? 0) + ms);
    const fn = `${own.name || "(anonymous)"} (${own.file.replace(/^.*node_modules\//, "")})`;
    functions.set(fn, (functions.get(fn) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = info.get(at)!.name || byId.get(at)!.callFrame.functionName;
      for (const [phase, pattern] of PHASES) if (!seen.has(phase) && pattern.test(name)) seen.add(phase);
    }
    for (const phase of seen) phases.set(phase, (phases.get(phase) ?? 0) + ms);
  });
  const rows = (map: Map<string, number>, limit: number): Row[] =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, ms]) => ({ name, ms, share: ms / busy }));
  return { totalMs: total, busyMs: busy, groups: self, phases: rows(phases, PHASES.length), functions: rows(functions, 20) };
}

// ---- the runs: each route on the floor, then on the app
const json = JSON.stringify({ amount: 5000, currency: "XOF", description: "Profile order" });
const keyed = { authorization: `Bearer ${merchant.sandboxKey}`, "content-type": "application/json" };
const link = await (await fetch(`${app.base}/test/api/v4/payments/link`, { method: "POST", headers: keyed, body: json })).json();
const floorBase = `http://127.0.0.1:${floorPort}`;
const ROUTES = [
  { name: "create link", file: "create-link", method: "POST" as const, url: `${app.base}/test/api/v4/payments/link`, floorUrl: `${floorBase}/link`, body: json },
  {
    name: "create link with an Idempotency-Key (a new one each request)",
    file: "create-link-keyed",
    method: "POST" as const,
    url: `${app.base}/test/api/v4/payments/link`,
    floorUrl: `${floorBase}/link`,
    body: json,
    idempotencyKey: true,
  },
  { name: "read link", file: "read-link", method: "GET" as const, url: `${app.base}/test/api/v4/payments/link/${link.reference}`, floorUrl: `${floorBase}/link/${link.reference}` },
];

const [appInspector, floorInspector] = [await inspect(INSPECT_PORT), await inspect(floorPort + 1)];
fs.mkdirSync("bench/profiles", { recursive: true });
const fmt = (n: number, digits = 1) => n.toFixed(digits);
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

async function profiled(inspector: Inspector, url: string, route: (typeof ROUTES)[number], file: string) {
  const keyed = "idempotencyKey" in route && route.idempotencyKey;
  await autocannon(url, route.method, 5, route.body, keyed); // the warm-up, outside the profile
  await sleep(1000);
  const { result: load, profile, stats } = await inspector.profiled(() => autocannon(url, route.method, SECONDS, route.body, keyed));
  fs.writeFileSync(`bench/profiles/${file}.cpuprofile`, JSON.stringify(profile));
  const summary = summarize(profile);
  /** µs of CPU per answered request. */
  const perRequest = (ms: number) => (ms / Math.max(1, load.requests)) * 1000;
  return { load, stats, summary, perRequest };
}

const lines: string[] = [
  "# Where a request's time goes (`npm run bench:profile`)",
  "",
  `${new Date().toISOString().slice(0, 16)}Z, Node ${benchNodeVersion()}, ${CONNECTIONS} connections, ${SECONDS} s per route, one process on PostgreSQL, logs ${LOG_LEVEL},`,
  `load average ${fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")} at the start. Each route runs on the database floor`,
  "(scripts/bench-db-floor.ts: node:http + pg, the same statements) and then on the app, both profiled alike.",
  "CPU is the process's busy samples (idle excluded), per answered request; a phase is inclusive (its",
  "callees counted), a group is self time. Flame graphs: bench/profiles/*.cpuprofile (not committed).",
  "",
];
for (const route of ROUTES) {
  const base = await profiled(floorInspector, route.floorUrl, route, `${route.file}-floor`);
  const ours = await profiled(appInspector, route.url, route, route.file);
  const busy = (r: typeof ours) => r.perRequest(r.summary.busyMs);
  for (const [label, r] of [["floor", base], ["app", ours]] as const) {
    console.log(`${route.name}, ${label}: ${fmt(r.load.rps, 0)} req/s, p50 ${r.load.p50} ms, p99 ${r.load.p99} ms; ${fmt(busy(r), 0)} µs CPU/request; loop delay p99 ${fmt(r.stats.loopP99)} ms; GC ${r.stats.gcCount} pauses, ${fmt(r.stats.gcTotal, 0)} ms`);
  }
  const groups = [...new Set([...ours.summary.groups.keys(), ...base.summary.groups.keys()])]
    .map((name) => ({ name, app: ours.perRequest(ours.summary.groups.get(name) ?? 0), floor: base.perRequest(base.summary.groups.get(name) ?? 0) }))
    .sort((a, b) => b.app - b.floor - (a.app - a.floor))
    .slice(0, 25);
  const row = (label: string, r: typeof ours) =>
    `| ${label} | ${fmt(r.load.rps, 0)} | ${r.load.p50} | ${r.load.p99} | ${r.load.non2xx + r.load.errors} | ${fmt(busy(r), 0)} | ${fmt(r.stats.loopP99)} / ${fmt(r.stats.loopMax)} | ${r.stats.gcCount}, ${fmt(r.stats.gcTotal, 0)} ms, max ${fmt(r.stats.gcMax)} |`;
  lines.push(
    `## ${route.name}`,
    "",
    "| process | req/s | p50 ms | p99 ms | errors + non-2xx | CPU µs/request | loop delay p99 / max ms | GC pauses, total, longest |",
    "|---|---|---|---|---|---|---|---|",
    row("database floor", base),
    row("app", ours),
    "",
    "Where the app spends more than the floor (self time, µs per request, the largest differences first):",
    "",
    "| group | app | floor | more |",
    "|---|---|---|---|",
    ...groups.map((g) => `| ${g.name} | ${fmt(g.app, 0)} | ${fmt(g.floor, 0)} | ${fmt(g.app - g.floor, 0)} |`),
    "",
    "The app's phases (inclusive, synchronous frames only):",
    "",
    "| phase | µs per request | CPU share |",
    "|---|---|---|",
    ...ours.summary.phases.map((r) => `| ${r.name} | ${fmt(ours.perRequest(r.ms), 0)} | ${pct(r.share)} |`),
    "",
    "The app's hottest functions (self time):",
    "",
    "| function | CPU share |",
    "|---|---|",
    ...ours.summary.functions.map((r) => `| \`${r.name.replace(/\|/g, "\\|")}\` | ${pct(r.share)} |`),
    "",
  );
}
fs.writeFileSync("bench/profile.md", `${lines.join("\n")}\n`);
console.log("bench/profile.md written; flame graphs: bench/profiles/*.cpuprofile");
appInspector.close();
floorInspector.close();
process.exit(0);
