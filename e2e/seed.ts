// The browser suite's accounts, made in one process through what the operator commands call
// (merchant:create, staff:create, member:create; each command is tested on its own in tests/): a
// dozen separate commands, each opening and migrating the database, cost the suite minutes.
// Writes the credentials the specs read to e2e/.state/ (e2e/helpers.ts, e2e/dashboard-helpers.ts).
import "../scripts/load-env";
import fs from "node:fs";
import path from "node:path";
import { makeStaff } from "@/lib/features/staff/create-staff";
import { createMemberLogin } from "../lib/features/auth/create-member-login";
import type { MemberRole } from "../lib/features/auth/session-member";
import { closeDb } from "../lib/core/db/client";
import { createMerchant } from "../lib/features/merchants/create-merchant";
import { openCliDatabase } from "../scripts/open-cli-database";

const stateDir = path.join(import.meta.dirname, ".state");
const write = (file: string, value: unknown) => fs.writeFileSync(path.join(stateDir, file), JSON.stringify(value));

const { client } = await openCliDatabase();
const merchant = await createMerchant(client, { name: "E2E Shop" });
write("merchant.json", merchant);

// Support-view accounts, one per role, with passwords the tests know, and one made the way an
// operator onboards a colleague, without a password: the one-time password it gets must be
// replaced at the first sign-in (e2e/browser/support-staff.spec.ts).
const run = Date.now().toString(36);
const staff = {
  admin: { email: `admin-${run}@e2e.example`, password: "e2e admin password" },
  support: { email: `support-${run}@e2e.example`, password: "e2e support password" },
};
for (const [role, account] of Object.entries(staff)) await makeStaff(client, { ...account, role: role as "admin" | "support" });
const oneTimeEmail = `one-time-${run}@e2e.example`;
const oneTime = { email: oneTimeEmail, password: (await makeStaff(client, { email: oneTimeEmail, role: "support" })).password };
write("staff.json", { ...staff, oneTime });

// Dashboard logins of the E2E merchant, one per role (e2e/dashboard-helpers.ts).
const member = async (role: MemberRole, account: { email: string; password: string }) => {
  await createMemberLogin(client, { merchant, email: account.email, role, password: account.password });
  return account;
};
const roles: MemberRole[] = ["owner", "admin", "developer", "viewer"];
const members: Record<string, { email: string; password: string }> = {};
for (const role of roles) members[role] = await member(role, { email: `${role}-${run}@members.e2e.example`, password: `e2e ${role} password` });
write("members.json", members);

// e2e/browser/sign-in-limits.spec.ts guesses their passwords until they are locked: accounts of
// their own, so no other spec's sign-in waits.
const guessed = {
  form: `guessed-form-${run}@members.e2e.example`,
  api: `guessed-api-${run}@members.e2e.example`,
  knownPhone: `guessed-phone-${run}@members.e2e.example`,
};
const guessedPassword = "e2e guessed owner password";
for (const email of Object.values(guessed)) await member("owner", { email, password: guessedPassword });
write("guessed.json", { ...guessed, password: guessedPassword });

// Members of the E2E merchant who also work in support: staff:create gives the role to their
// existing accounts, passwords unchanged (e2e/browser/support-sessions.spec.ts). The viewer signs in
// and out of both views; a member of its own turns two-factor sign-in on, which would lock the
// shared logins out of the other specs.
const totp = await member("viewer", { email: `totp-${run}@members.e2e.example`, password: "e2e totp member password" });
for (const account of [members.viewer, totp]) await makeStaff(client, { email: account.email, role: "support" });
write("member-staff.json", { sessions: members.viewer, totp });

// A shop of its own for the live MTN way out of the waiting screen (e2e/browser/checkout-no-javascript.spec.ts):
// its payment and the refund of the abandoned attempt move no balance the live operators' payout reads.
const counter = await createMerchant(client, { name: "Boutique Awa", country: "CI" });
const counterOwner = { email: `counter-owner-${run}@members.e2e.example`, password: "e2e counter owner password" };
await createMemberLogin(client, { merchant: counter, email: counterOwner.email, role: "owner", password: counterOwner.password });
write("counter-merchant.json", { ...counter, owner: counterOwner });

await closeDb();
