import { createMemberLogin } from "@/lib/features/auth/create-member-login";
import type { MemberRole } from "@/lib/features/auth/session-member";
import { createMerchant } from "@/lib/features/merchants/create-merchant";
import { flag, option, outcome, type CliCommand } from "./command-kit";

const ROLES: MemberRole[] = ["owner", "admin", "developer", "viewer"];
const MEMBER_USAGE = "Usage: npm run member:create -- --merchant mer_... --email awa@example.com [--role owner|admin|developer|viewer] [--name ...] [--password ...]";
const MERCHANT_USAGE = 'Usage: npm run merchant:create -- --name "Acme" [--country CI] [--json]';

/** member:create (scripts/member-create.ts): a verified dashboard login on an existing merchant. */
export const memberCreate: CliCommand = async (client, args) => {
  const o = outcome();
  const merchantId = option(args, "merchant");
  const email = option(args, "email");
  const role = (option(args, "role") ?? "owner") as MemberRole;
  const password = option(args, "password");
  if (!merchantId || !email || !ROLES.includes(role)) {
    o.err(MEMBER_USAGE);
    return o.end(2);
  }
  const merchant = await client.merchant.findUnique({ where: { id: merchantId }, select: { id: true, name: true } });
  if (!merchant) {
    o.err(`No merchant ${merchantId}`);
    return o.end(1);
  }
  const login = await createMemberLogin(client, { merchant, email, name: option(args, "name"), role, password });
  o.out(`Dashboard login ${login.email} (${role} of ${merchant.name}) created.`);
  if (!password) o.out(`Password: ${login.password}`);
  return o.end();
};

/** merchant:create (scripts/merchant-create.ts): a merchant with its keys and webhook secret, printed once. */
export const merchantCreate: CliCommand = async (client, args) => {
  const o = outcome();
  const name = option(args, "name");
  if (!name?.trim()) {
    o.err(MERCHANT_USAGE);
    return o.end(2);
  }
  const merchant = await createMerchant(client, { name, country: option(args, "country") });
  if (flag(args, "json")) {
    o.out(JSON.stringify(merchant));
  } else {
    o.out(`Merchant ${merchant.name} (${merchant.id})`);
    o.out(`  sandbox key:    ${merchant.sandboxKey}`);
    o.out(`  live key:       ${merchant.liveKey}`);
    o.out(`  webhook secret: ${merchant.webhookSecret}`);
    o.out("Keep these now: the keys are stored hashed and cannot be shown again.");
  }
  return o.end();
};
