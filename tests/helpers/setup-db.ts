import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PrismaClient } from "@prisma/client";
import { afterAll, inject } from "vitest";
import { pgliteAdapter } from "@/lib/db/adapter";
import { closeDb, setDb } from "@/lib/db/client";
import { sqlOverPGlite } from "@/lib/db/sql";
import { workerDatabaseUrl } from "./test-databases";

// Each test file gets a database: on PGlite a fresh in-memory one, a copy of the one the global
// setup migrated as the app does it; on PostgreSQL its worker's (global-setup.ts), shared with the
// files this worker runs before and after it. DATABASE_URL is rewritten before anything reads it,
// so processes the tests start (a second app process, the CLI) use the same database; the
// worker's process keeps the variable from one file to the next, hence the base kept aside.
if (process.env.DATABASE_URL) {
  process.env.PCS_TEST_BASE_DATABASE_URL ??= process.env.DATABASE_URL;
  process.env.DATABASE_URL = workerDatabaseUrl(process.env.PCS_TEST_BASE_DATABASE_URL, process.env.VITEST_POOL_ID ?? 1);
} else {
  const pglite = new PGlite({ loadDataDir: new Blob([fs.readFileSync(inject("pgliteTemplate"))]) });
  setDb(new PrismaClient({ adapter: pgliteAdapter(pglite) }), () => pglite.close(), sqlOverPGlite(pglite));
}

afterAll(closeDb);
