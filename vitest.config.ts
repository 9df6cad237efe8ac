import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname),
  // Next resolves this to an empty module on the server; outside Next it would throw.
  "server-only": path.resolve(import.meta.dirname, "tests/helpers/empty-module.ts"),
};

// The suite calls the API thousands of times from one address and a few keys (the fuzz tests
// alone 1,000 cases per endpoint): lift the general limits. tests/api/rate-limits.integration.test.ts
// sets low values to test them (the limiters read these variables on each use).
const lifted = {
  API_REQUESTS_PER_MINUTE_PER_KEY: "10000000",
  API_REQUESTS_PER_MINUTE_PER_IP: "10000000",
  SANDBOX_API_REQUESTS_PER_MINUTE_PER_KEY: "10000000",
  SANDBOX_API_REQUESTS_PER_MINUTE_PER_IP: "10000000",
  OTP_CONFIRMS_PER_MINUTE_PER_IP: "10000000",
  OTP_CONFIRMS_PER_MINUTE_PER_REFERENCE: "10000000",
  // Sign-ins, sign-ups and account mails per address (lib/features/auth/sign-in-limits.ts): most tests come
  // from no address at all; tests/auth/sign-in-limits.integration.test.ts lowers them.
  SIGN_IN_ATTEMPTS_PER_15_MIN_PER_IP: "10000000",
  SIGN_UPS_PER_HOUR_PER_IP: "10000000",
  ACCOUNT_MAILS_PER_HOUR_PER_IP: "10000000",
};

// Most files share their worker's modules with the files it ran before (isolate: false): loading
// the app's modules (the route table alone imports every operation: about 2 s under Vite's module
// runner) was a quarter of the suite's time when each file loaded them again. A file runs in a
// process of its own when what it does would outlive it in a shared one, or needs modules loaded
// afresh: it mocks modules (a mock applies only to a module not loaded yet), imports one after
// changing its settings, fakes timers, or starts processes. What a file sets in process.env, the
// circuits and limits it used (tests/helpers/file-boundary.ts) and its database (setup-db.ts) end
// with it either way.
const OWN_PROCESS = /vi\.(mock|doMock|resetModules|stubGlobal|useFakeTimers)\(|await import\(|child_process|second-process|api-process/;
function testFiles(dirs: string[], name: RegExp): string[] {
  return dirs.flatMap((dir) => (fs.readdirSync(dir, { recursive: true }) as string[]).map((file) => path.join(dir, file)).filter((file) => name.test(file)));
}
/** The files that may share a worker, and those that run in a process of their own (each file read once). */
function byProcess(files: string[]): { shared: string[]; own: string[] } {
  const own = new Set(files.filter((file) => OWN_PROCESS.test(fs.readFileSync(file, "utf8"))));
  return { shared: files.filter((file) => !own.has(file)), own: [...own] };
}
// On PostgreSQL (CI's second pass, .ci/run), the files whose outcome the engine cannot change run
// once, on the embedded pass: PGlite is the same PostgreSQL, and what differs on a server (many
// connections, locks held across them, several processes, the pool) is what the money paths, the
// claims, the idempotency races and the platform files test there. These make one request at a
// time through rules that never reach the engine's concurrency: sign-in, accounts, staff and
// permission checks, the SDK against the API, input validation (the fuzz), and the files that
// start the embedded database whatever DATABASE_URL says: about half the pass's test time beside
// the torture suite (CI 2026-12-03). Races of these areas stay on both (sign-up-atomic,
// team/memberships, api-keys/first-keys, dashboard/batches).
const ENGINE_BLIND = [
  /^tests\/auth\/(?!sign-up-atomic\.)/,
  /^tests\/staff\/(?!migration\.)/,
  /^tests\/sdk\//,
  /^tests\/support\/(access|roles|polish)\./,
  /^tests\/team\/(team|organization-role-rules|verify-email-by-support)\./,
  /^tests\/dashboard\/(roles|page-titles|locale-choice|forms|link-page)\./,
  /^tests\/api-keys\/member-key-rights\./,
  /^tests\/activation\//,
  /^tests\/api\/fuzz-post-endpoints\./,
  /^tests\/platform\/(demo-start|cli-socket|next-dev-quiet)\./,
];
const onPostgres = Boolean(process.env.DATABASE_URL);
const unitFiles = byProcess(testFiles(["lib"], /(?<!\.integration)\.test\.ts$/));
const integrationFiles = byProcess(
  testFiles(["tests", "lib", "scripts"], /\.integration\.test\.ts$/).filter((file) => !file.startsWith("tests/torture/") && !(onPostgres && ENGINE_BLIND.some((blind) => blind.test(file)))),
);

const integration = {
  globalSetup: ["tests/helpers/global-setup.ts", "tests/helpers/webhook-tls.ts"],
  setupFiles: ["tests/helpers/file-boundary.ts", "tests/helpers/setup-db.ts"],
  // The simulated phone answers DIRECT prompts after 2 s by default; tests need not wait that long,
  // but long enough that a loaded machine still sees "pending" right after starting one.
  // The API client's origin (tests/helpers/api-client.ts) is not the local machine: allowed as
  // better-auth's base URL host (lib/features/auth/auth.ts), for the support view's sign-in as for
  // the dashboard's.
  env: { LOG_LEVEL: "silent", SANDBOX_DIRECT_ANSWER_MS: "500", BETTER_AUTH_ALLOWED_HOSTS: "pay.test", ...lifted },
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // expect.poll's own default (1 s) is shorter than a loaded CI machine needs for a callback to make
  // its round trip (a delivery report missed it on the PostgreSQL pass, CI 2026-11-29): the wait
  // ends as soon as the condition holds, so a longer bound costs nothing when things work.
  expect: { poll: { timeout: 10_000, interval: 50 } },
};

export default defineConfig({
  resolve: { alias },
  test: {
    env: { LOG_LEVEL: "silent", NEXT_TELEMETRY_DISABLED: "1", ...lifted },
    // Vitest's default is one worker per core but one: a single worker on a 2-core machine (CI's),
    // where the files would run one after another while most of them wait on timers, receivers and
    // the database. One more worker than cores: with two, the PGlite pass kept the two cores 74%
    // busy (364 s); three took it to 310 s (2026-12-02). Every file has a database of its own on
    // both engines (tests/helpers/setup-db.ts), so they run side by side. (When the PostgreSQL
    // files shared one database, one working every due row in it could take another's: the likely
    // cause of tests/transfers/claims.integration.test.ts leaving 3 of its 6 transfers unsent with
    // two workers, CI 2026-11-23.)
    maxWorkers: os.availableParallelism() + 1,
    // The app's modules as Vite transformed them, kept on disk (node_modules/.experimental-vitest-cache):
    // the second of CI's passes and the Node 26 one load them about a quarter faster.
    experimental: { fsModuleCache: true },
    projects: [
      { resolve: { alias }, test: { name: "unit", include: unitFiles.shared, isolate: false, setupFiles: ["tests/helpers/file-boundary.ts"] } },
      { resolve: { alias }, test: { name: "unit (own process)", include: unitFiles.own } },
      { resolve: { alias }, test: { name: "integration", ...integration, include: integrationFiles.shared, isolate: false } },
      { resolve: { alias }, test: { name: "integration (own process)", ...integration, include: integrationFiles.own } },
      // The torture suite (PostgreSQL only) runs its own worker processes and operator fakes with
      // tight timeouts: alone, after everything else, as it did when the PostgreSQL pass ran one
      // file at a time.
      { resolve: { alias }, test: { name: "torture", ...integration, include: ["tests/torture/**/*.integration.test.ts"], maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
