import { databaseTarget } from "../lib/core/db/adapter";
import { db } from "../lib/core/db/client";
import { migrateDatabase } from "../lib/core/db/migrate";
import { assertDataDirFree } from "../lib/core/db/pglite-lock";
import { seedGatewayCatalog } from "../lib/integrations/gateways/seed-catalog";

/**
 * What every command-line script does first: refuse while another process (the server) holds
 * the embedded database, since PGlite allows one process at a time, then bring the database
 * up to date (migrations, gateway catalog) so the script also works on a fresh one.
 */
export async function openCliDatabase() {
  const target = databaseTarget();
  if (target.kind === "pglite" && target.dataDir) assertDataDirFree(target.dataDir);
  await migrateDatabase();
  await seedGatewayCatalog(db());
  return { client: db(), target };
}
