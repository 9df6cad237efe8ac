// npm run staff:create -- --email ana@example.com --role support|admin [--password ...] [--change-role]
// Creates a support-view account; without --password a one-time password is printed, which must
// be replaced at the first sign-in (until then the session can do nothing else). An e-mail that
// already has an account (a merchant's member) gets the role on it, its password unchanged unless
// --password is given. Someone already staff is refused, unless --change-role gives them --role.
import "./load-env";
import { parseArgs } from "node:util";
import { runScript } from "./run-script-command";

const USAGE = "Usage: npm run staff:create -- --email ana@example.com --role support|admin [--password ...] [--change-role]";

let values;
try {
  ({ values } = parseArgs({ options: { email: { type: "string" }, role: { type: "string" }, password: { type: "string" }, "change-role": { type: "boolean" } } }));
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (!values.email || (values.role !== "support" && values.role !== "admin")) {
  console.error(USAGE);
  process.exit(2);
}

await runScript("staff:create", values);
