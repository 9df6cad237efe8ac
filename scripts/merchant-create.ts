// npm run merchant:create -- --name "Acme" [--country CI] [--json]
// Creates a merchant with a sandbox key, a live key and a webhook secret, and prints them once.
import "./load-env";
import { parseArgs } from "node:util";
import { runScript } from "./run-script-command";

const { values } = parseArgs({ options: { name: { type: "string" }, country: { type: "string" }, json: { type: "boolean", default: false } } });
if (!values.name?.trim()) {
  console.error('Usage: npm run merchant:create -- --name "Acme" [--country CI] [--json]');
  process.exit(2);
}

await runScript("merchant:create", values);
