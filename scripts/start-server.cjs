// `npm start`: the production server on every core. Node's cluster module forks WEB_CONCURRENCY
// workers (default: os.availableParallelism()), each a whole `next start` with its own pool and
// background runner; they share one listening port (the primary accepts and hands connections out
// round-robin). A worker that dies is replaced, unless it refused its settings (exit code 78,
// lib/config/production-settings.ts): then the launcher stops with that code; SIGTERM/SIGINT
// stop them gracefully.
//
// Everything shared lives outside the processes: rows (jobs are claimed with FOR UPDATE SKIP
// LOCKED, lib/jobs/claim-due-rows.ts), rate limits (Redis when REDIS_URL is set), and caches
// with a short TTL (docs/operations.md, "Production"). WEB_CONCURRENCY=1 runs `next start` in this very
// process, as before. The embedded database (PGlite) is one process's files: one worker only.
//
// Arguments are passed on to `next start` (`npm start -- --port 4000`).
//
// In Next's standalone output (the Docker image: `.next/standalone` with this script beside its
// server.js) there is no `next` command: each worker runs that server.js, which takes its port
// and address from PORT and HOSTNAME; --port and --hostname are turned into those.
"use strict";
const cluster = require("node:cluster");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const standaloneServer = path.resolve("server.js");
const standalone = fs.existsSync(standaloneServer);
const cliArgs = process.argv.slice(2);

// Next 16 answers every sandbox page (/test/..., which proxy.ts rewrites) with a 404 when the
// server is bound to a loopback address written as a number: its rewrite check compares the
// origin built from --hostname ("127.0.0.1") with the one the proxy sees, which Next writes as
// "localhost", so it takes the rewrite for an external one and proxies the request to itself,
// where the proxy runs a second time on the rewritten path and the sandbox becomes live
// (vercel/next.js#94745). "localhost" binds 127.0.0.1 without the mismatch. (::1 has the same
// problem; "localhost" may not resolve to it, so it is left alone: use localhost or 0.0.0.0.)
for (const flag of ["--hostname", "-H"]) {
  const at = cliArgs.indexOf(flag);
  if (at >= 0 && cliArgs[at + 1] === "127.0.0.1") cliArgs[at + 1] = "localhost";
}
if (process.env.HOSTNAME === "127.0.0.1") process.env.HOSTNAME = "localhost";
if (standalone) {
  for (const [flag, variable] of [["--port", "PORT"], ["-p", "PORT"], ["--hostname", "HOSTNAME"], ["-H", "HOSTNAME"]]) {
    const at = cliArgs.indexOf(flag);
    if (at >= 0) process.env[variable] = cliArgs.splice(at, 2)[1];
  }
  if (cliArgs.length > 0) throw new Error(`standalone server: only --port and --hostname are understood, not ${cliArgs.join(" ")}`);
}
const nextBin = standalone ? standaloneServer : require.resolve("next/dist/bin/next");
const args = standalone ? [] : ["start", ...cliArgs];
/**
 * The exit code of a server that refused its settings (lib/config/production-settings.ts,
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

/** Workers to run: WEB_CONCURRENCY, else every core; always 1 on the embedded database. */
function workerCount() {
  const configured = Number(process.env.WEB_CONCURRENCY);
  const wanted = Number.isInteger(configured) && configured > 0 ? configured : os.availableParallelism();
  if (!process.env.DATABASE_URL && wanted > 1) {
    log("warn", "embedded database (PGlite) is single-process: starting one worker; set DATABASE_URL to use every core", { wanted });
    return 1;
  }
  return wanted;
}

function runNextHere() {
  process.argv = [process.argv[0], nextBin, ...args];
  require(nextBin);
}

function runPrimary(count) {
  cluster.setupPrimary({ exec: nextBin, args });
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

  log("info", "starting workers", { workers: count, pid: process.pid });
  for (let i = 0; i < count; i++) fork();
}

// The same .env files `next start` reads, so this process sees the DATABASE_URL the workers will.
require("@next/env").loadEnvConfig(path.resolve("."));
const count = workerCount();
if (count === 1) runNextHere();
else runPrimary(count);
