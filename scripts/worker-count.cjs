// How many workers `npm start` runs (scripts/start-server.cjs): one per core, but one core left to
// a database on this machine. Measured on two cores holding PostgreSQL and the load generator
// (bench/README.md, "Two workers on two cores: the cause"; scripts/bench-workers.ts): one worker
// already keeps the machine 80-85% busy, so a second can only take the idle rest, and it pays for
// it on every side (the app's CPU per request up 15-42%, PostgreSQL's up 9-31% with ten more
// backends, twice the involuntary switches). Which wins then depends on the machine and the
// runtime: from 58% to 183% of one worker's req/s across two machines and Node 22 and 26, and a
// default must not be a coin toss. A database elsewhere leaves every core to the workers, where
// the routes that never wait on a local database gained 28-57%.
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
  return { count: Math.max(1, cores), reason: "every core" };
}

module.exports = { databaseIsLocal, workerCount };
