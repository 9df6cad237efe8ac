import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PrismaClient } from "@prisma/client";
import { afterAll, inject } from "vitest";
import { pgliteAdapter } from "@/lib/core/db/adapter";
import { closeDb, setDb } from "@/lib/core/db/client";
import { sqlOverPGlite } from "@/lib/core/db/sql";

// Each test file gets a database: on PGlite a fresh in-memory one, a copy of the one the global
// setup migrated as the app does it; on PostgreSQL the suite's own (global-setup.ts).
if (!process.env.DATABASE_URL) {
  const pglite = new PGlite({ loadDataDir: new Blob([fs.readFileSync(inject("pgliteTemplate"))]) });
  setDb(new PrismaClient({ adapter: pgliteAdapter(pglite) }), () => pglite.close(), sqlOverPGlite(pglite));
}

afterAll(closeDb);
