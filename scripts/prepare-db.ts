// Runs before `next dev` / `next start`: applies migrations, seeds the gateway catalog and, on a
// new embedded database, creates a demo merchant so a new user can call the API at once.
import "./load-env";
import { databaseTarget } from "../lib/db/adapter";
import { closeDb, db } from "../lib/db/client";
import { migrateDatabase } from "../lib/db/migrate";
import { assertDataDirFree } from "../lib/db/pglite-lock";
import { seedGatewayCatalog } from "../lib/gateways/seed-catalog";
import { createMerchant } from "../lib/merchants/create-merchant";

const target = databaseTarget();
try {
  if (target.kind === "pglite" && target.dataDir) assertDataDirFree(target.dataDir);
  await migrateDatabase();
  const client = db();
  await seedGatewayCatalog(client);

  if (target.kind === "pglite" && (await client.merchant.count()) === 0) {
    const demo = await createMerchant(client, { name: "Demo merchant" });
    const base = `http://localhost:${process.env.PORT ?? 3000}`;
    console.log(
      [
        "",
        "A demo merchant was created on this new embedded database. Its sandbox key (shown once):",
        "",
        `  ${demo.sandboxKey}`,
        "",
        "Create a sandbox payment link:",
        "",
        `  curl -s ${base}/test/api/v4/payments/link \\`,
        `    -H "Authorization: Bearer ${demo.sandboxKey}" -H "Content-Type: application/json" \\`,
        `    -d '{"amount":5000,"currency":"XOF","description":"Order #1234"}'`,
        "",
        `Live key: ${demo.liveKey}`,
        `Webhook secret: ${demo.webhookSecret}`,
        "",
      ].join("\n"),
    );
  }
  await closeDb();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
