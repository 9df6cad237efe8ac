import { makeStaff } from "@/lib/features/staff/create-staff";
import { setStaffDisabled } from "@/lib/features/staff/disable-staff";
import { flag, option, outcome, type CliCommand } from "./command-kit";

const CREATE_USAGE = "Usage: npm run staff:create -- --email ana@example.com --role support|admin [--password ...] [--change-role]";
const DISABLE_USAGE = "Usage: npm run staff:disable -- --email ana@example.com [--enable]";

/** staff:create (scripts/staff-create.ts): a support-view account, or the role given to an existing one. */
export const staffCreate: CliCommand = async (client, args) => {
  const o = outcome();
  const email = option(args, "email");
  const role = option(args, "role");
  const given = option(args, "password");
  if (!email || (role !== "support" && role !== "admin")) {
    o.err(CREATE_USAGE);
    return o.end(2);
  }
  const result = await makeStaff(client, { email, role, password: given, changeRole: flag(args, "change-role") });
  const { staff, password } = result;
  if (result.outcome === "created") o.out(`Staff ${staff.email} (${staff.role}) created.`);
  if (result.outcome === "roleChanged") o.out(`${staff.email} is now ${staff.role}. Its password is unchanged.`);
  if (result.outcome === "granted") {
    o.out(`${staff.email} already had an account: it is now staff (${staff.role}).`);
    o.out(given ? "Its password was replaced by the one given, and its open sessions were ended." : password ? "It had no password: one was generated." : "Its password is unchanged.");
  }
  if (password && !given) o.out(`One-time password: ${password} (to be replaced at the first sign-in)`);
  return o.end();
};

/** staff:disable (scripts/staff-disable.ts): support-view access taken away (open sessions end) or, with --enable, given back. */
export const staffDisable: CliCommand = async (client, args) => {
  const o = outcome();
  const email = option(args, "email");
  const enable = flag(args, "enable");
  if (!email) {
    o.err(DISABLE_USAGE);
    return o.end(2);
  }
  const result = await setStaffDisabled(client, { email, disabled: !enable });
  if (!result.changed) o.out(enable ? `${result.email} is not disabled: nothing to do.` : `${result.email} is already disabled (since ${result.disabledAt!.toISOString()}): nothing to do.`);
  else if (enable) o.out(`${result.email} can sign in to the support view again.`);
  else o.out(`${result.email} is disabled: ${result.sessionsEnded} support session(s) ended.`);
  return o.end();
};
