// npm run staff:disable -- --email ana@example.com [--enable]
// Takes a staff member's access to the support view away at once (their open support sessions
// end), or with --enable gives it back (they sign in again). Both are written to the audit log.
import "./load-env";
import { parseArgs } from "node:util";
import { setStaffDisabled } from "@/lib/features/staff/disable-staff";
import { closeDb } from "../lib/core/db/client";
import { openCliDatabase } from "./open-cli-database";

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

try {
  const { client } = await openCliDatabase();
  const result = await setStaffDisabled(client, { email: values.email, disabled: !values.enable });
  await closeDb();
  if (!result.changed) console.log(values.enable ? `${result.email} is not disabled: nothing to do.` : `${result.email} is already disabled (since ${result.disabledAt!.toISOString()}): nothing to do.`);
  else if (values.enable) console.log(`${result.email} can sign in to the support view again.`);
  else console.log(`${result.email} is disabled: ${result.sessionsEnded} support session(s) ended.`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
