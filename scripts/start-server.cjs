// `npm start`: the production server on every core. Node's cluster module forks WEB_CONCURRENCY
// workers (default: one per core, scripts/worker-count.cjs), each a whole server of ours
// (server/app-server.cjs: the front door, then Next's request handler) with its own pool and
// background runner; they share one listening port (the primary accepts and hands connections out
// round-robin). A worker that dies is replaced, unless it refused its settings (exit code 78,
// lib/surfaces/config/production-settings.ts): then the launcher stops with that code; SIGTERM/SIGINT
// stop them gracefully.
//
// Everything shared lives outside the processes: rows (jobs are claimed with FOR UPDATE SKIP
// LOCKED, lib/features/jobs/claim-due-rows.ts), rate limits (Redis when REDIS_URL is set), and caches
// with a short TTL (docs/operations.md, "Production"). WEB_CONCURRENCY=1 runs the server in this
// very process. The embedded database (PGlite) is one process's files: one worker only.
//
// Arguments are passed on to the server (`npm start -- --port 4000 --hostname 0.0.0.0`; see
// server/app-server.cjs). The same command runs Next's standalone output (the Docker image:
// `.next/standalone` with server/ and this script copied in by scripts/assemble-standalone.cjs):
// the server finds the build's config there itself.
"use strict";
const cluster = require("node:cluster");
const os = require("node:os");
const path = require("node:path");

const { workerCount: chooseWorkerCount } = require("./worker-count.cjs");

const appServer = path.join(__dirname, "..", "server", "app-server.cjs");
const args = process.argv.slice(2);
/**
 * The exit code of a server that refused its settings (lib/surfaces/config/production-settings.ts,
 * REFUSED_SETTINGS_EXIT_CODE): a worker that exits with it would refuse again, so the launcher
 * stops with the same code instead of starting another.
 */
const REFUSED_SETTINGS_EXIT_CODE = 78;
/** How long workers get to finish their requests and runner pass after SIGTERM. */
const SHUTDOWN_TIMEOUT_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 30_000);

function log(level, msg, fields = {}, always = false) {
  if (process.env.LOG_LEVEL === "silent" && !always) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  (level === "error" ? console.error : console.log)(line);
}

/** Workers to run (scripts/worker-count.cjs). */
function workerCount() {
  const { count, reason } = chooseWorkerCount({ configured: process.env.WEB_CONCURRENCY, databaseUrl: process.env.DATABASE_URL, cores: os.availableParallelism() });
  if (reason === "embedded database") {
    log("warn", "embedded database (PGlite) is single-process: starting one worker; set DATABASE_URL to use every core", { wanted: Number(process.env.WEB_CONCURRENCY) });
  }
  return count;
}

function runServerHere() {
  require(appServer).startAppServer(args).catch((error) => {
    log("error", "server did not start", { error: String(error?.stack ?? error) }, true);
    process.exit(1);
  });
}

function runPrimary(count) {
  cluster.setupPrimary({ exec: appServer, args });
  let stopping = false;
  let quickDeaths = 0;
  const startedAt = new Map();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };

  cluster.on("online", (worker) => log("info", "worker started", { pid: worker.process.pid }));
  let exitCode = 0;
  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (code === REFUSED_SETTINGS_EXIT_CODE && !stopping) {
      log("error", "a worker refused its settings (see its message above): stopping", { pid: worker.process.pid }, true);
      exitCode = REFUSED_SETTINGS_EXIT_CODE;
      stop("refused settings");
    }
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    // A worker that dies at once (bad config, port taken) would die again: back off, up to 30 s.
    quickDeaths = lived < 10_000 ? quickDeaths + 1 : 0;
    const delay = quickDeaths === 0 ? 0 : Math.min(30_000, 500 * 2 ** (quickDeaths - 1));
    log("error", "worker died; starting another", { pid: worker.process.pid, code, signal, livedMs: lived, restartInMs: delay });
    setTimeout(() => stopping || fork(), delay).unref();
  });

  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    log("info", "stopping workers", { signal, workers: workers.length });
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker.process.kill("SIGKILL");
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  // Every MEMORY_LOG_SECONDS, one line per worker with its RSS and heap (answered by
  // instrumentation.ts): what to watch for a leak, and what `npm run soak` reads. Asked for
  // explicitly, so printed even with LOG_LEVEL=silent (which quiets the workers' request logs).
  const memoryEvery = Number(process.env.MEMORY_LOG_SECONDS);
  if (memoryEvery > 0) {
    cluster.on("message", (worker, message) => {
      if (message?.type !== "pcs:memory") return;
      const mib = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
      log("info", "worker memory", { pid: worker.process.pid, rssMiB: mib(message.rss), heapUsedMiB: mib(message.heapUsed), heapTotalMiB: mib(message.heapTotal), externalMiB: mib(message.external) }, true);
    });
    setInterval(() => {
      for (const worker of Object.values(cluster.workers ?? {})) if (worker.isConnected()) worker.send({ type: "pcs:memory?" });
    }, memoryEvery * 1000).unref();
  }

  if (process.env.METRICS_TOKEN) answerMetricsRequests();

  log("info", "starting workers", { workers: count, pid: process.pid });
  for (let i = 0; i < count; i++) fork();
}

/**
 * GET /api/metrics lands on one worker, which cannot see the others' counts: it asks this process
 * ("pcs:metrics?", lib/core/metrics/cluster-scrape.ts), which gathers every worker's registry with
 * prom-client's AggregatorRegistry (each worker answers it: lib/core/metrics/registry.ts) and sends
 * back their sum, so every process is counted once whichever worker the scrape reached. Only with
 * METRICS_TOKEN set: without it the endpoint is off and prom-client is never loaded here.
 */
function answerMetricsRequests() {
  const { AggregatorRegistry } = require("prom-client");
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message) => {
    if (message?.type !== "pcs:metrics?") return;
    const reply = (answer) => worker.isConnected() && worker.send({ type: "pcs:metrics", id: message.id, ...answer });
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error) => reply({ error: String(error?.message ?? error) }),
    );
  });
}

// The same .env files Next reads, so this process sees the DATABASE_URL the workers will.
require("@next/env").loadEnvConfig(path.resolve("."));
const count = workerCount();
if (count === 1) runServerHere();
else runPrimary(count);
