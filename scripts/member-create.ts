// npm run member:create -- --merchant mer_... --email awa@example.com [--role owner|admin|developer|viewer] [--name ...] [--password ...]
// Gives an existing merchant (made by merchant:create) a verified dashboard login, without the
// mail round trip: command-line onboarding, and the browser tests' accounts. Without --password a
// password is generated and printed once.
import "./load-env";
import { parseArgs } from "node:util";
import { createMemberLogin } from "../lib/features/auth/create-member-login";
import type { MemberRole } from "../lib/features/auth/session-member";
import { closeDb } from "../lib/core/db/client";
import { openCliDatabase } from "./open-cli-database";

const roles: MemberRole[] = ["owner", "admin", "developer", "viewer"];
const { values } = parseArgs({
  options: { merchant: { type: "string" }, email: { type: "string" }, role: { type: "string" }, name: { type: "string" }, password: { type: "string" } },
});
const role = (values.role ?? "owner") as MemberRole;
if (!values.merchant || !values.email || !roles.includes(role)) {
  console.error("Usage: npm run member:create -- --merchant mer_... --email awa@example.com [--role owner|admin|developer|viewer] [--name ...] [--password ...]");
  process.exit(2);
}

try {
  const { client } = await openCliDatabase();
  const merchant = await client.merchant.findUnique({ where: { id: values.merchant }, select: { id: true, name: true } });
  if (!merchant) throw new Error(`No merchant ${values.merchant}`);
  const login = await createMemberLogin(client, { merchant, email: values.email, name: values.name, role, password: values.password });
  await closeDb();
  console.log(`Dashboard login ${login.email} (${role} of ${merchant.name}) created.`);
  if (!values.password) console.log(`Password: ${login.password}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
