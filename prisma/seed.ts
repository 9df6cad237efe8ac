// Seeds the gateway catalog (also done by scripts/prepare-db.ts on every start).
import { closeDb, db } from "../lib/db/client";
import { seedGatewayCatalog } from "../lib/gateways/seed-catalog";

await seedGatewayCatalog(db());
await closeDb();
