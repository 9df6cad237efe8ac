import { PGlite } from "@electric-sql/pglite";
import { PrismaClient } from "@prisma/client";
import { afterAll } from "vitest";
import { pgliteAdapter } from "@/lib/db/adapter";
import { closeDb, db, setDb } from "@/lib/db/client";
import { migratePGlite } from "@/lib/db/migrate";
import { sqlOverPGlite } from "@/lib/db/sql";
import { seedGatewayCatalog } from "@/lib/gateways/seed-catalog";

// Each test file gets a database: on PGlite a fresh in-memory one with the committed migrations
// applied as the app applies them; on PostgreSQL the shared one.
if (!process.env.DATABASE_URL) {
  const pglite = new PGlite();
  await migratePGlite(pglite);
  setDb(new PrismaClient({ adapter: pgliteAdapter(pglite) }), () => pglite.close(), sqlOverPGlite(pglite));
  await seedGatewayCatalog(db());
}

afterAll(closeDb);
