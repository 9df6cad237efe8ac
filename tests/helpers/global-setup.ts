import { closeDb, db } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { seedGatewayCatalog } from "@/lib/gateways/seed-catalog";
import { assertLocalDatabase } from "./assert-local-database";

// On PostgreSQL the suite shares one database: migrate it once; tests use unique data.
// On PGlite every worker migrates its own in-memory database (setup-db.ts).
export default async function setup() {
  if (!process.env.DATABASE_URL) return;
  assertLocalDatabase(process.env.DATABASE_URL);
  await migrateDatabase();
  await seedGatewayCatalog(db());
  await closeDb();
}
