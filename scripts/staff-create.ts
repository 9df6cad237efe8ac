// npm run staff:create -- --email ana@example.com --role support|admin [--password ...] [--change-role]
// Creates a support-view account; without --password a one-time password is printed, which must
// be replaced at the first sign-in (until then the session can do nothing else). An e-mail that
// already has an account (a merchant's member) gets the role on it, its password unchanged unless
// --password is given. Someone already staff is refused, unless --change-role gives them --role.
import "./load-env";
import { parseArgs } from "node:util";
import { makeStaff } from "@/lib/features/staff/create-staff";
import { closeDb } from "../lib/core/db/client";
import { openCliDatabase } from "./open-cli-database";

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

try {
  const { client } = await openCliDatabase();
  const result = await makeStaff(client, { email: values.email, role: values.role, password: values.password, changeRole: values["change-role"] });
  await closeDb();
  const { staff, password } = result;
  if (result.outcome === "created") console.log(`Staff ${staff.email} (${staff.role}) created.`);
  if (result.outcome === "roleChanged") console.log(`${staff.email} is now ${staff.role}. Its password is unchanged.`);
  if (result.outcome === "granted") {
    console.log(`${staff.email} already had an account: it is now staff (${staff.role}).`);
    console.log(values.password ? "Its password was replaced by the one given, and its open sessions were ended." : password ? "It had no password: one was generated." : "Its password is unchanged.");
  }
  if (password && !values.password) console.log(`One-time password: ${password} (to be replaced at the first sign-in)`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
