// npm run staff:create -- --email ana@example.com --role support|admin [--password ...]
// Creates a support-view account; without --password a one-time password is printed.
import "./load-env";
import { parseArgs } from "node:util";
import { createStaff } from "../lib/admin/create-staff";
import { databaseTarget } from "../lib/db/adapter";
import { closeDb, db } from "../lib/db/client";
import { migrateDatabase } from "../lib/db/migrate";
import { assertDataDirFree } from "../lib/db/pglite-lock";

const { values } = parseArgs({ options: { email: { type: "string" }, role: { type: "string" }, password: { type: "string" } } });
if (!values.email || (values.role !== "support" && values.role !== "admin")) {
  console.error("Usage: npm run staff:create -- --email ana@example.com --role support|admin [--password ...]");
  process.exit(2);
}

try {
  const target = databaseTarget();
  if (target.kind === "pglite" && target.dataDir) assertDataDirFree(target.dataDir);
  await migrateDatabase();
  const { staff, password } = await createStaff(db(), { email: values.email, role: values.role, password: values.password });
  await closeDb();
  console.log(`Staff ${staff.email} (${staff.role}) created.`);
  if (!values.password) console.log(`One-time password: ${password}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
