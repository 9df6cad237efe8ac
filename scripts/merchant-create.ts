// npm run merchant:create -- --name "Acme" [--country CI] [--json]
// Creates a merchant with a sandbox key, a live key and a webhook secret, and prints them once.
import "./load-env";
import { parseArgs } from "node:util";
import { closeDb } from "../lib/core/db/client";
import { createMerchant } from "../lib/features/merchants/create-merchant";
import { openCliDatabase } from "./open-cli-database";

const { values } = parseArgs({ options: { name: { type: "string" }, country: { type: "string" }, json: { type: "boolean", default: false } } });
if (!values.name?.trim()) {
  console.error('Usage: npm run merchant:create -- --name "Acme" [--country CI] [--json]');
  process.exit(2);
}

try {
  const { client } = await openCliDatabase();
  const merchant = await createMerchant(client, { name: values.name, country: values.country });
  await closeDb();
  if (values.json) {
    console.log(JSON.stringify(merchant));
  } else {
    console.log(`Merchant ${merchant.name} (${merchant.id})`);
    console.log(`  sandbox key:    ${merchant.sandboxKey}`);
    console.log(`  live key:       ${merchant.liveKey}`);
    console.log(`  webhook secret: ${merchant.webhookSecret}`);
    console.log("Keep these now: the keys are stored hashed and cannot be shown again.");
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
