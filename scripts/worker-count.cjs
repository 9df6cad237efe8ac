// How many workers `npm start` runs (scripts/start-server.cjs). Measured on two cores holding
// PostgreSQL too (bench/README.md, "Two workers on two cores: the cause"): a second worker there
// competes with the database for the same cores, and every database-bound request got slower
// (a keyed link create 60-66% of one worker's req/s, a link read 67-77%, the CPU per request up by
// half to double) while the routes that never reach the database were even. So a database on this
// machine (its address a loopback one, or a Unix socket) keeps a core: one worker fewer than the
// cores, at least one. A database elsewhere leaves every core to the workers.
"use strict";

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[?::1\]?)$/i;

/** Whether the database at `url` runs on this machine (as far as its address says). */
function databaseIsLocal(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // postgresql:///db?host=/var/run/postgresql: a Unix socket, this machine's.
  const host = parsed.hostname || parsed.searchParams.get("host") || "";
  return host === "" || host.startsWith("/") || LOOPBACK.test(host);
}

/**
 * WEB_CONCURRENCY when set; otherwise every core, but one left to a database on this machine;
 * always 1 on the embedded database (PGlite is one process's files). `reason` says why, for the log.
 */
function workerCount({ configured, databaseUrl, cores }) {
  const asked = Number(configured);
  const wanted = Number.isInteger(asked) && asked > 0 ? asked : null;
  if (!databaseUrl) return { count: 1, reason: wanted && wanted > 1 ? "embedded database" : "default" };
  if (wanted) return { count: wanted, reason: "WEB_CONCURRENCY" };
  if (databaseIsLocal(databaseUrl)) return { count: Math.max(1, cores - 1), reason: "a core left to the database on this machine" };
  return { count: cores, reason: "every core" };
}

module.exports = { databaseIsLocal, workerCount };
