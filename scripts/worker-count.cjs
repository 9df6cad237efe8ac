// How many workers `npm start` runs (scripts/start-server.cjs): one per core. Measured on two cores
// holding PostgreSQL too, each configuration on a fresh database (bench/README.md, "Two workers on
// two cores: the cause"): on Node 26, the image's runtime, two workers answered 23-83% more
// requests than one on every route, database-bound ones included, at the same or less CPU per
// request. An earlier finding that a second worker slowed the database-bound routes came from a
// benchmark whose second configuration inherited the first's due work (thousands of sandbox
// deposits expiring at once). On Node 22 two workers still lose on those routes (58-82% of one),
// which is not explained yet: the default follows the production runtime.
"use strict";

/**
 * WEB_CONCURRENCY when set; otherwise every core; always 1 on the embedded database (PGlite is one
 * process's files). `reason` says why, for the log.
 */
function workerCount({ configured, databaseUrl, cores }) {
  const asked = Number(configured);
  const wanted = Number.isInteger(asked) && asked > 0 ? asked : null;
  if (!databaseUrl) return { count: 1, reason: wanted && wanted > 1 ? "embedded database" : "default" };
  if (wanted) return { count: wanted, reason: "WEB_CONCURRENCY" };
  return { count: Math.max(1, cores), reason: "every core" };
}

module.exports = { workerCount };
