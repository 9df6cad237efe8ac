import { PGlite } from "@electric-sql/pglite";
import { PrismaClient } from "@prisma/client";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll } from "vitest";
import { closeDb, db, setDb } from "@/lib/db/client";
import { migratePGlite } from "@/lib/db/migrate";
import { seedGatewayCatalog } from "@/lib/gateways/seed-catalog";

// Each test file gets a database: on PGlite a fresh in-memory one with the committed migrations
// applied as the app applies them; on PostgreSQL the shared one.
if (!process.env.DATABASE_URL) {
  const pglite = new PGlite();
  await migratePGlite(pglite);
  const adapter = new PrismaPGlite(pglite) as unknown as SqlMigrationAwareDriverAdapterFactory;
  setDb(new PrismaClient({ adapter }), () => pglite.close());
  await seedGatewayCatalog(db());
}

afterAll(closeDb);
