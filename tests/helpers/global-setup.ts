import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaClient } from "@prisma/client";
import type { TestProject } from "vitest/node";
import { pgliteAdapter } from "@/lib/db/adapter";
import { closeDb, db } from "@/lib/db/client";
import { migrateDatabase, migratePGlite } from "@/lib/db/migrate";
import { seedGatewayCatalog } from "@/lib/gateways/seed-catalog";
import { freshDatabase } from "../../scripts/fresh-database";
import { assertLocalDatabase } from "./assert-local-database";
import { INTEGRATION_WORKERS, workerDatabaseUrl } from "./test-databases";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated and seeded PGlite data directory (a tarball) each file's database starts from. */
    pgliteTemplate: string;
  }
}

// On PostgreSQL every worker gets a fresh database of its own (setup-db.ts points the worker at
// it), migrated and seeded here as the app does it. On PGlite every file gets an in-memory
// database of its own, loaded from one migrated here: starting a PGlite and migrating it took
// about 4.5 s per file, loading the copy about 1.5 s.
export default async function setup(project: TestProject) {
  const base = process.env.DATABASE_URL;
  if (!base) return pgliteTemplate(project);
  assertLocalDatabase(base);
  // The first migrated as the app does it, the others copied from it (faster than migrating each).
  const first = workerDatabaseUrl(base, 1);
  await freshDatabase(first);
  process.env.DATABASE_URL = first;
  await migrateDatabase();
  await seedGatewayCatalog(db());
  await closeDb();
  for (let poolId = 2; poolId <= INTEGRATION_WORKERS; poolId++) await freshDatabase(workerDatabaseUrl(base, poolId), first);
  process.env.DATABASE_URL = base;
}

async function pgliteTemplate(project: TestProject) {
  const pglite = new PGlite();
  await migratePGlite(pglite);
  const prisma = new PrismaClient({ adapter: pgliteAdapter(pglite) });
  await seedGatewayCatalog(prisma);
  await prisma.$disconnect();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pcs-vitest-"));
  const file = path.join(dir, "pglite.tar");
  fs.writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer()));
  await pglite.close();
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
