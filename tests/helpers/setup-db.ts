import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaClient } from "@prisma/client";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll } from "vitest";
import { closeDb, db, setDb } from "@/lib/db/client";
import { seedGatewayCatalog } from "@/lib/gateways/seed-catalog";

// Each test file gets a database: on PGlite a fresh in-memory one with the committed migrations
// applied in order (the same SQL `prisma migrate deploy` runs); on PostgreSQL the shared one.
if (!process.env.DATABASE_URL) {
  const pglite = new PGlite();
  const dir = path.join(process.cwd(), "prisma", "migrations");
  for (const name of fs.readdirSync(dir).filter((n) => fs.statSync(path.join(dir, n)).isDirectory()).sort()) {
    await pglite.exec(fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8"));
  }
  const adapter = new PrismaPGlite(pglite) as unknown as SqlMigrationAwareDriverAdapterFactory;
  setDb(new PrismaClient({ adapter }), () => pglite.close());
  await seedGatewayCatalog(db());
}

afterAll(closeDb);
