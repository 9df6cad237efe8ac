import { closeDb, db } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { seedGatewayCatalog } from "@/lib/gateways/seed-catalog";
import { freshDatabase } from "../../scripts/fresh-database";
import { assertLocalDatabase } from "./assert-local-database";
import { INTEGRATION_WORKERS, workerDatabaseUrl } from "./test-databases";

// On PostgreSQL every worker gets a fresh database of its own (setup-db.ts points the worker at
// it), migrated and seeded here as the app does it. On PGlite every file migrates its own
// in-memory database (setup-db.ts).
export default async function setup() {
  const base = process.env.DATABASE_URL;
  if (!base) return;
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
