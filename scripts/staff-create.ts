// npm run staff:create -- --email ana@example.com --role support|admin [--password ...]
// Creates a support-view account; without --password a one-time password is printed, which must
// be replaced at the first sign-in (until then the session can do nothing else).
import "./load-env";
import { parseArgs } from "node:util";
import { createStaff } from "../lib/admin/create-staff";
import { closeDb } from "../lib/db/client";
import { openCliDatabase } from "./open-cli-database";

const { values } = parseArgs({ options: { email: { type: "string" }, role: { type: "string" }, password: { type: "string" } } });
if (!values.email || (values.role !== "support" && values.role !== "admin")) {
  console.error("Usage: npm run staff:create -- --email ana@example.com --role support|admin [--password ...]");
  process.exit(2);
}

try {
  const { client } = await openCliDatabase();
  const { staff, password } = await createStaff(client, { email: values.email, role: values.role, password: values.password });
  await closeDb();
  console.log(`Staff ${staff.email} (${staff.role}) created.`);
  if (!values.password) console.log(`One-time password: ${password} (to be replaced at the first sign-in)`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
