// Seeds the gateway catalog (also done by scripts/prepare-db.ts on every start).
import { closeDb, db } from "../lib/core/db/client";
import { seedGatewayCatalog } from "../lib/integrations/gateways/seed-catalog";

await seedGatewayCatalog(db());
await closeDb();
