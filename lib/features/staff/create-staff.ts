import { randomBytes } from "node:crypto";
import type { StaffRole } from "@prisma/client";
import { hashPassword } from "better-auth/crypto";
import { ulid } from "@/lib/core/domain/ulid";
import type { DbClient } from "@/lib/core/db/client";
import { inTransaction } from "@/lib/core/db/in-transaction";
import { recordAudit } from "@/lib/features/audit/record-audit";

export const MIN_PASSWORD_LENGTH = 12;

/** A one-time password for a new account: 20 characters, easy to type from a terminal. */
export function generatePassword(): string {
  return randomBytes(15).toString("base64url");
}

/** An e-mail address as accounts store it, or an error naming what was typed. */
export function staffEmail(typed: string) {
  const email = typed.trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new Error(`Not an e-mail address: ${typed}`);
  return email;
}

/** The command line acts for no staff member: its audit entries name the account acted on. */
export const COMMAND_LINE = { via: "command line" } as const;

type Options = { email: string; role: StaffRole; password?: string };

/**
 * A staff account: a better-auth user with a staff role (its e-mail taken as verified: whoever runs
 * this vouches for it) and a credential account in better-auth's password format. Written here
 * rather than through better-auth's sign-up, which would open a merchant for the new user. Without
 * a password one is generated and returned once, and it is one-time: its first session can only
 * choose a new password (the printed one has been on a terminal).
 */
export async function createStaff(client: DbClient, options: Options) {
  const email = staffEmail(options.email);
  const password = options.password ?? generatePassword();
  checkLength(password);
  if (await client.user.findUnique({ where: { email }, select: { id: true } })) throw new Error(`${email} already has an account`);
  const id = `stf_${ulid()}`;
  const passwordHash = await hashPassword(password);
  const staff = await inTransaction(client, async (tx) => {
    const user = await tx.user.create({
      data: { id, name: email.split("@")[0], email, emailVerified: true, staffRole: options.role, mustChangePassword: options.password === undefined },
    });
    await tx.account.create({ data: { id: `acc_${ulid()}`, accountId: id, providerId: "credential", userId: id, password: passwordHash } });
    await recordAudit(tx, { staffId: id, action: "staff.created", targetType: "staff", targetId: id, details: { ...COMMAND_LINE, role: options.role } });
    return user;
  });
  return { staff: { id: staff.id, email: staff.email, role: options.role, mustChangePassword: staff.mustChangePassword }, password };
}

function checkLength(password: string) {
  if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`A password needs at least ${MIN_PASSWORD_LENGTH} characters`);
}

/**
 * What `npm run staff:create` did: `created` a new account, `granted` the role to an existing user
 * (a merchant's member who also works in support), or changed an existing staff member's role.
 * `password` is the password this call set (given or generated), absent when it left it alone.
 */
export type StaffMade = {
  outcome: "created" | "granted" | "roleChanged";
  staff: { id: string; email: string; role: StaffRole };
  password?: string;
};

/**
 * The staff:create command: a new account (createStaff), or for an e-mail that already has one the
 * role on that account (one person, one account). Its password stays unless one is given (then it
 * replaces it); one is generated only if the account has none. Someone already staff is refused,
 * unless `changeRole` says to give them `role` (their password is then left alone, given or not).
 */
export async function makeStaff(client: DbClient, options: Options & { changeRole?: boolean }): Promise<StaffMade> {
  const email = staffEmail(options.email);
  if (options.password !== undefined) checkLength(options.password);
  const existing = await client.user.findUnique({ where: { email }, select: { id: true, staffRole: true } });
  if (!existing) return { outcome: "created", ...(await createStaff(client, options)) };
  const { id, staffRole } = existing;
  const { role } = options;
  if (staffRole) {
    if (!options.changeRole) throw new Error(`${email} is already staff (${staffRole}). To change the role: npm run staff:create -- --email ${email} --role ${role} --change-role`);
    if (staffRole === role) throw new Error(`${email} is already staff with the ${role} role`);
    await inTransaction(client, async (tx) => {
      await tx.user.update({ where: { id }, data: { staffRole: role } });
      await recordAudit(tx, { staffId: id, action: "staff.role_changed", targetType: "staff", targetId: id, details: { ...COMMAND_LINE, from: staffRole, to: role } });
    });
    return { outcome: "roleChanged", staff: { id, email, role } };
  }
  const credential = await client.account.findFirst({ where: { userId: id, providerId: "credential" }, select: { id: true } });
  const password = options.password ?? (credential ? undefined : generatePassword());
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  await inTransaction(client, async (tx) => {
    // A generated password is one-time here too; a given one is the operator's choice, as for a new account.
    const passwordFields = password === undefined ? {} : { mustChangePassword: options.password === undefined };
    await tx.user.update({ where: { id }, data: { staffRole: role, emailVerified: true, disabledAt: null, ...passwordFields } });
    if (passwordHash && credential) {
      await tx.account.update({ where: { id: credential.id }, data: { password: passwordHash } });
      // A password replaced by an operator ends every session opened with the old one, as a reset does.
      await tx.session.deleteMany({ where: { userId: id } });
    }
    else if (passwordHash) await tx.account.create({ data: { id: `acc_${ulid()}`, accountId: id, providerId: "credential", userId: id, password: passwordHash } });
    await recordAudit(tx, { staffId: id, action: "staff.granted", targetType: "staff", targetId: id, details: { ...COMMAND_LINE, role, passwordChanged: password !== undefined } });
  });
  return { outcome: "granted", staff: { id, email, role }, password };
}
