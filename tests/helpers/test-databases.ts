import os from "node:os";
import { siblingDatabaseUrl } from "../../scripts/fresh-database";

/**
 * Integration files run this many at a time. Vitest's default is one worker per core but one: a
 * single worker on a 2-core machine (CI's), where the files would run one after another while most
 * of them wait on timers, receivers and PGlite's start. On PostgreSQL still one at a time: with two,
 * `tests/transfer-claims.integration.test.ts`'s two-process race once left 3 of its 6 transfers
 * unsent (CI, 2026-11-23), not understood yet; see the issue notes.
 */
export const INTEGRATION_WORKERS = process.env.DATABASE_URL ? 1 : Math.max(2, os.availableParallelism() - 1);

/**
 * On PostgreSQL, each worker's own database beside DATABASE_URL's (`<name>_w1`, `_w2`...), made
 * afresh and migrated by the global setup: files in different workers never see each other's rows
 * (some count due rows, or work every due row of the database), as on PGlite, where each file has
 * an in-memory database of its own.
 */
export const workerDatabaseUrl = (base: string, poolId: string | number) => siblingDatabaseUrl(base, `w${poolId}`);
