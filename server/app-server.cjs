// One server process of the app: our own node:http server, with the front door
// (server/front-door.cjs: the client's address, the error envelope for what Node refuses, the API
// lane, methods Next cannot route) on its events, and Next's documented custom-server handler,
// `next({ ... }).getRequestHandler()`, for every request the front door does not answer.
//
//   node server/app-server.cjs [--dev] [--port N] [--hostname H] [--keep-alive-timeout MS]
//
// `npm run dev` runs it with --dev (Next compiles on demand), `npm start`'s launcher
// (scripts/start-server.cjs) in each worker, e2e/serve.ts and the benchmarks through that
// launcher. The port also comes from PORT (default 3000), the keep-alive timeout from
// KEEP_ALIVE_TIMEOUT; without --hostname it listens on every address, as `next start` does. Not
// from HOSTNAME, which Next's standalone server.js reads: Docker and many shells export it as the
// machine's name, and the server would then listen on that one address only.
//
// Why a server of our own rather than `next start` with a preload: these jobs need the socket and
// Node's own refusals, which only the HTTP server sees. The former preload reached them by
// patching http.Server.prototype.emit, for every server of the process (the webhook receivers,
// the fakes and Next's own included) and on the strength of Next creating its server with
// node:http. Here they are listeners of this one server, and Next is called as its docs describe.
"use strict";
const fs = require("node:fs");
const http = require("node:http");
const path = require("node:path");
const { attachFrontDoor } = require("./front-door.cjs");

/** The flags understood: each but --dev takes a value. */
const FLAGS = new Set(["--dev", "--dir", "--port", "-p", "--hostname", "-H", "--keep-alive-timeout"]);

/** Refuses what it does not understand (`next start`'s --keepAliveTimeout, say) rather than ignore it. */
function checkArgs(args) {
  for (let i = 0; i < args.length; i++) {
    if (!FLAGS.has(args[i])) throw new Error(`server/app-server.cjs: unknown argument ${args[i]} (understood: ${[...FLAGS].join(", ")})`);
    if (args[i] !== "--dev") i++;
  }
}

/** --flag value, or the environment's variable, or the default. */
function option(args, flags, variable, fallback) {
  for (const flag of flags) {
    const at = args.indexOf(flag);
    if (at >= 0 && at + 1 < args.length) return args[at + 1];
  }
  return (variable && process.env[variable]) || fallback;
}

/**
 * A URL as our logs print it: the path without its query string and without secret segments
 * (the SMS delivery reports' secret), as lib/core/logging/loggable-url.ts says; a test keeps the two alike.
 */
function loggableUrl(url) {
  const text = String(url ?? "");
  const cut = text.search(/[?#]/);
  const path = cut < 0 ? text : text.slice(0, cut);
  return path.replace(/(\/api\/sms\/[^/]*\/delivery-reports)\/.*$/i, "$1/[redacted]");
}

function log(level, msg, fields = {}) {
  if (process.env.LOG_LEVEL === "silent" && level !== "error") return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  (level === "error" ? console.error : console.log)(line);
}

/**
 * The address Next is told it runs behind. Next 16 answers every sandbox page (/test/..., which
 * proxy.ts rewrites) with a 404 when that address is a loopback written as a number: its rewrite
 * check compares the origin built from it ("127.0.0.1") with the one the proxy sees, which Next
 * writes as "localhost", takes the rewrite for an external one and proxies the request to itself,
 * where the proxy runs a second time on the rewritten path and the sandbox becomes live
 * (vercel/next.js#94745). So Next hears "localhost" while the socket stays bound to 127.0.0.1 as
 * asked. (::1 has the same problem; "localhost" may not name it, so it is left alone.)
 */
const nextHostname = (bindAddress) => (bindAddress === "127.0.0.1" ? "localhost" : bindAddress);

/**
 * The build's own config when the build is Next's standalone output (the Docker image): that
 * folder has no next.config.ts to load, and Next's generated server.js hands Next the config the
 * build serialized into .next/required-server-files.json, through __NEXT_PRIVATE_STANDALONE_CONFIG
 * (Next's config loader reads it before looking for a config file; next()'s documented `conf` is
 * not passed on to the router by prepare() in Next 16). We do as server.js does. That variable is
 * a Next internal: lib/server-next-internals.test.ts pins it, and docs/architecture.md records
 * the decision.
 */
function standaloneConfig(dir) {
  const file = path.join(dir, ".next", "required-server-files.json");
  if (!fs.existsSync(file)) return undefined;
  const { config } = JSON.parse(fs.readFileSync(file, "utf8"));
  return config && config.output === "standalone" ? config : undefined;
}

/** Starts the server; resolves once it listens. */
async function startAppServer(args = process.argv.slice(2)) {
  checkArgs(args);
  const dev = args.includes("--dev");
  // As `next dev` and `next start` (and the standalone server.js) set it, before Next loads.
  process.env.NODE_ENV = dev ? "development" : "production";
  const dir = path.resolve(option(args, ["--dir"], undefined, "."));
  const port = Number(option(args, ["--port", "-p"], "PORT", "3000"));
  const hostname = option(args, ["--hostname", "-H"], undefined, undefined);
  const keepAliveTimeout = Number(option(args, ["--keep-alive-timeout"], "KEEP_ALIVE_TIMEOUT", "0"));

  const conf = dev ? undefined : standaloneConfig(dir);
  if (conf) process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(conf);
  const next = require("next");

  const server = http.createServer();
  // Node's default (5 s) unless asked: e2e/serve.ts asks for longer than its tests pause, so a
  // client never reuses a socket the server is closing.
  if (keepAliveTimeout > 0) server.keepAliveTimeout = keepAliveTimeout;
  const app = next({ dev, dir, hostname: nextHostname(hostname), port, conf, httpServer: server });
  const handle = app.getRequestHandler();
  attachFrontDoor(server, (req, res) => {
    handle(req, res).catch((error) => {
      log("error", "request failed in Next", { url: loggableUrl(req.url), error: String(error && error.stack ? error.stack : error) });
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" }).end("Internal Server Error");
      else res.destroy();
    });
  });

  // Next loads the build (or starts compiling) and runs instrumentation.ts here: a production
  // server that refuses its settings exits with 78 before it listens.
  await app.prepare();
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, resolve);
  });
  const address = server.address();
  log("info", "server listening", { url: `http://${nextHostname(hostname) ?? "localhost"}:${address.port}`, address: address.address, dev, pid: process.pid });
  stopGracefully(server, app, dev);
  if (!dev) openApiLane(hostname, address.port);
  return server;
}

/**
 * The API lane opens in the module Next's API routes run (lib/surfaces/api-routes/catch-all-route.ts), so
 * that it shares their state; Next loads that module at the first API request. One request of our
 * own, to the liveness probe, makes that first request happen now rather than a client's. Under
 * npm start's cluster it may reach another worker (they share the port); this worker's lane then
 * opens at its first API request, which Next answers through the same table.
 */
function openApiLane(hostname, port) {
  const host = !hostname || hostname === "0.0.0.0" || hostname === "::" ? "localhost" : hostname;
  http
    .get({ host, port, path: "/api/health", agent: false }, (res) => res.resume())
    .on("error", (error) => log("warn", "the API lane's first request failed; it opens at the first API request", { error: String(error) }));
}

/**
 * SIGTERM/SIGINT: stop accepting, let the requests under way finish (idle keep-alive connections
 * are closed at once), close Next, exit 0; exit 1 if that takes longer than SHUTDOWN_TIMEOUT_MS.
 * The development server drops its connections at once, as `next dev` does: the browser's
 * hot-reload WebSocket would otherwise hold the stop until the timeout.
 */
function stopGracefully(server, app, dev) {
  const timeout = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 30_000);
  let stopping = false;
  // After Next closed: the app's exit hooks (lib/core/process/exit-hooks.ts: the API keys' counts
  // still in memory), then the spans still waiting in the exporter's batch, when tracing is on
  // (lib/core/tracing/tracing.ts keeps its state on globalThis under this name), last so that
  // the hooks' own spans go too. Bounded by the same timeout as the rest.
  const runExitHooks = () => Promise.resolve(globalThis.__pcsRunExitHooks?.()).catch(() => undefined);
  const flushTraces = () => Promise.resolve(globalThis.__pcsTracing?.flush()).catch(() => undefined);
  const closeNextAndExit = () =>
    Promise.resolve(app.close()).then(
      () => runExitHooks().then(flushTraces).then(() => process.exit(0)),
      () => runExitHooks().then(flushTraces).then(() => process.exit(1)),
    );
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    log("info", "server stopping", { signal, pid: process.pid });
    setTimeout(() => process.exit(1), timeout).unref();
    if (dev) {
      server.close();
      server.closeAllConnections();
      closeNextAndExit();
      return;
    }
    server.close(closeNextAndExit);
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

module.exports = { loggableUrl, startAppServer };

if (require.main === module) {
  startAppServer().catch((error) => {
    log("error", "server did not start", { error: String(error && error.stack ? error.stack : error) });
    process.exit(1);
  });
}
