import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PrismaClient } from "@prisma/client";
import { afterAll, inject } from "vitest";
import { pgliteAdapter } from "@/lib/core/db/adapter";
import { closeDb, db, setDb } from "@/lib/core/db/client";
import { sqlOverPGlite } from "@/lib/core/db/sql";
import { copyDatabase, dropDatabase, siblingDatabaseUrl } from "../../scripts/fresh-database";

// Each test file gets a database of its own, a copy of the one the global setup migrated as the
// app does it: on PGlite a fresh in-memory one; on PostgreSQL a database made from the suite's
// (global-setup.ts) as a template, which this file's processes (a second app process, the CLI, the
// torture suite's workers) reach through the DATABASE_URL set here. Files then run side by side on
// both engines: none sees the due rows, deliveries or balances another left.
if (!process.env.DATABASE_URL) {
  const pglite = new PGlite({ loadDataDir: new Blob([fs.readFileSync(inject("pgliteTemplate"))]) });
  setDb(new PrismaClient({ adapter: pgliteAdapter(pglite) }), () => pglite.close(), sqlOverPGlite(pglite));
  afterAll(closeLeavingClosed);
} else {
  const template = process.env.DATABASE_URL;
  const own = siblingDatabaseUrl(template, `w${process.env.VITEST_POOL_ID ?? "0"}`);
  await copyDatabase(template, own);
  process.env.DATABASE_URL = own;
  await closeDb(); // the file before's, left closed in a shared worker: db() opens this file's
  afterAll(async () => {
    await closeLeavingClosed();
    await dropDatabase(own);
  });
}

/**
 * Closes the file's database and leaves it installed, closed: a timer of the file that fires after
 * it (a sandbox phone's answer, half a second after its prompt) fails on it, rather than opening
 * the app's default database or reaching the next file's in a shared worker (vitest.config.ts).
 */
async function closeLeavingClosed() {
  const client = db();
  await closeDb();
  setDb(client);
}
