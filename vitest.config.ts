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

const integration = {
  include: ["tests/**/*.integration.test.ts", "lib/**/*.integration.test.ts", "scripts/**/*.integration.test.ts"],
  globalSetup: ["tests/helpers/global-setup.ts", "tests/helpers/webhook-tls.ts"],
  setupFiles: ["tests/helpers/setup-db.ts"],
  // The simulated phone answers DIRECT prompts after 2 s by default; tests need not wait that long,
  // but long enough that a loaded machine still sees "pending" right after starting one.
  env: { LOG_LEVEL: "silent", SANDBOX_DIRECT_ANSWER_MS: "500", ...lifted },
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
    // the database. Every file has a database of its own on both engines (tests/helpers/setup-db.ts),
    // so they run side by side. (When the PostgreSQL files shared one database, one working every due
    // row in it could take another's: the likely cause of tests/transfers/claims.integration.test.ts
    // leaving 3 of its 6 transfers unsent with two workers, CI 2026-11-23.)
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      { resolve: { alias }, test: { name: "unit", include: ["lib/**/*.test.ts"], exclude: ["**/*.integration.test.ts"] } },
      { resolve: { alias }, test: { name: "integration", ...integration, exclude: ["tests/torture/**"] } },
      // The torture suite (PostgreSQL only) runs its own worker processes and operator fakes with
      // tight timeouts: alone, after everything else, as it did when the PostgreSQL pass ran one
      // file at a time.
      { resolve: { alias }, test: { name: "torture", ...integration, include: ["tests/torture/**/*.integration.test.ts"], maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
