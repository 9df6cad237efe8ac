// npm run member:create -- --merchant mer_... --email awa@example.com [--role owner|admin|developer|viewer] [--name ...] [--password ...]
// Gives an existing merchant (made by merchant:create) a verified dashboard login, without the
// mail round trip: command-line onboarding, and the browser tests' accounts. Without --password a
// password is generated and printed once.
import "./load-env";
import { parseArgs } from "node:util";
import type { MemberRole } from "../lib/features/auth/session-member";
import { runScript } from "./run-script-command";

const roles: MemberRole[] = ["owner", "admin", "developer", "viewer"];
const { values } = parseArgs({
  options: { merchant: { type: "string" }, email: { type: "string" }, role: { type: "string" }, name: { type: "string" }, password: { type: "string" } },
});
const role = (values.role ?? "owner") as MemberRole;
if (!values.merchant || !values.email || !roles.includes(role)) {
  console.error("Usage: npm run member:create -- --merchant mer_... --email awa@example.com [--role owner|admin|developer|viewer] [--name ...] [--password ...]");
  process.exit(2);
}

await runScript("member:create", values);
