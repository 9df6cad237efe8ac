import type { Staff, StaffSession } from "@prisma/client";
import type { DbClient } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/in-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { MIN_PASSWORD_LENGTH } from "./create-staff";
import { hashPassword, verifyPassword } from "./passwords";

/** Why a new password was refused: the form shows it, the API names it in the error's details. */
export type PasswordProblem = "current" | "short" | "mismatch" | "same";

const DETAILS: Record<PasswordProblem, string> = {
  current: "currentPassword: is not the account's password",
  short: `newPassword: needs at least ${MIN_PASSWORD_LENGTH} characters`,
  mismatch: "confirmation: does not match newPassword",
  same: "newPassword: must differ from the current password",
};

export class PasswordChangeError extends ApiError {
  constructor(readonly problem: PasswordProblem) {
    super(40023, { details: DETAILS[problem] });
  }
}

type Options = {
  session: StaffSession & { staff: Staff };
  currentPassword: string;
  newPassword: string;
  confirmation: string;
};

/**
 * A staff member chooses a new password. The current one is asked again, so a session left open
 * cannot take over the account; the account's other sessions end, as they were opened with the
 * old password. This is what ends a one-time password's restricted session.
 */
export async function changePassword(client: DbClient, { session, currentPassword, newPassword, confirmation }: Options) {
  const { staff } = session;
  if (!(await verifyPassword(currentPassword, staff.passwordHash))) throw new PasswordChangeError("current");
  if (newPassword.length < MIN_PASSWORD_LENGTH) throw new PasswordChangeError("short");
  if (newPassword !== confirmation) throw new PasswordChangeError("mismatch");
  if (newPassword === currentPassword) throw new PasswordChangeError("same");
  const passwordHash = await hashPassword(newPassword);
  await inTransaction(client, async (tx) => {
    await tx.staff.update({ where: { id: staff.id }, data: { passwordHash, mustChangePassword: false } });
    await tx.staffSession.deleteMany({ where: { staffId: staff.id, id: { not: session.id } } });
  });
}
