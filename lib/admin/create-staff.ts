import type { StaffRole } from "@prisma/client";
import { ulid } from "@/lib/domain/ulid";
import type { DbClient } from "@/lib/db/client";
import { generatePassword, hashPassword } from "./passwords";

export const MIN_PASSWORD_LENGTH = 12;

/**
 * A staff account; without a password one is generated and returned once, and it is one-time:
 * its first session can only choose a new password (the printed one has been on a terminal).
 */
export async function createStaff(client: DbClient, options: { email: string; role: StaffRole; password?: string }) {
  const email = options.email.trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new Error(`Not an e-mail address: ${options.email}`);
  const password = options.password ?? generatePassword();
  if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`A password needs at least ${MIN_PASSWORD_LENGTH} characters`);
  const staff = await client.staff.create({
    data: { id: `stf_${ulid()}`, email, role: options.role, passwordHash: await hashPassword(password), mustChangePassword: options.password === undefined },
  });
  return { staff, password };
}
