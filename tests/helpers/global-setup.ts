import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaClient } from "@prisma/client";
import type { TestProject } from "vitest/node";
import { pgliteAdapter } from "@/lib/core/db/adapter";
import { closeDb, db } from "@/lib/core/db/client";
import { migrateDatabase, migratePGlite } from "@/lib/core/db/migrate";
import { seedGatewayCatalog } from "@/lib/integrations/gateways/seed-catalog";
import { freshDatabase, siblingDatabaseUrl } from "../../scripts/fresh-database";
import { assertLocalDatabase } from "./assert-local-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated and seeded PGlite data directory (a tarball) each file's database starts from. */
    pgliteTemplate: string;
  }
}

// On PostgreSQL the suite gets a fresh database of its own beside DATABASE_URL's
// (`<name>_vitest`), migrated and seeded here as the app does it, so nothing a former run left is
// worked again; the workers, and the processes the tests start (a second app process, the CLI),
// inherit the variable set here, as they do NODE_EXTRA_CA_CERTS (webhook-tls.ts). On PGlite every
// file gets an in-memory database of its own, loaded from one migrated here: starting a PGlite and
// migrating it took about 4.5 s per file, loading the copy about 1.5 s.
export default async function setup(project: TestProject) {
  const base = process.env.DATABASE_URL;
  if (!base) return pgliteTemplate(project);
  // Both integration projects (vitest.config.ts) name this setup: the suite's database is made once.
  if (process.env.PCS_VITEST_DATABASE === base) return;
  assertLocalDatabase(base);
  process.env.DATABASE_URL = process.env.PCS_VITEST_DATABASE = siblingDatabaseUrl(base, "vitest");
  await freshDatabase(process.env.DATABASE_URL);
  await migrateDatabase();
  await seedGatewayCatalog(db());
  await closeDb();
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
