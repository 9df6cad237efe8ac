// npm run staff:disable -- --email ana@example.com [--enable]
// Takes a staff member's access to the support view away at once (their open support sessions
// end), or with --enable gives it back (they sign in again). Both are written to the audit log.
import "./load-env";
import { parseArgs } from "node:util";
import { runScript } from "./run-script-command";

const USAGE = "Usage: npm run staff:disable -- --email ana@example.com [--enable]";

let values;
try {
  ({ values } = parseArgs({ options: { email: { type: "string" }, enable: { type: "boolean" } } }));
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (!values.email) {
  console.error(USAGE);
  process.exit(2);
}

await runScript("staff:disable", values);
