import { randomBytes } from "node:crypto";
import type { StaffRole } from "@prisma/client";
import { hashPassword } from "better-auth/crypto";
import { ulid } from "@/lib/domain/ulid";
import type { DbClient } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/in-transaction";

export const MIN_PASSWORD_LENGTH = 12;

/** A one-time password for a new account: 20 characters, easy to type from a terminal. */
export function generatePassword(): string {
  return randomBytes(15).toString("base64url");
}

/**
 * A staff account: a better-auth user with a staff role (its e-mail taken as verified: whoever runs
 * this vouches for it) and a credential account in better-auth's password format. Written here
 * rather than through better-auth's sign-up, which would open a merchant for the new user. Without
 * a password one is generated and returned once, and it is one-time: its first session can only
 * choose a new password (the printed one has been on a terminal).
 */
export async function createStaff(client: DbClient, options: { email: string; role: StaffRole; password?: string }) {
  const email = options.email.trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new Error(`Not an e-mail address: ${options.email}`);
  const password = options.password ?? generatePassword();
  if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`A password needs at least ${MIN_PASSWORD_LENGTH} characters`);
  if (await client.user.findUnique({ where: { email }, select: { id: true } })) throw new Error(`${email} already has an account`);
  const id = `stf_${ulid()}`;
  const passwordHash = await hashPassword(password);
  const staff = await inTransaction(client, async (tx) => {
    const user = await tx.user.create({
      data: { id, name: email.split("@")[0], email, emailVerified: true, staffRole: options.role, mustChangePassword: options.password === undefined },
    });
    await tx.account.create({ data: { id: `acc_${ulid()}`, accountId: id, providerId: "credential", userId: id, password: passwordHash } });
    return user;
  });
  return { staff: { id: staff.id, email: staff.email, role: options.role, mustChangePassword: staff.mustChangePassword }, password };
}
