import type { DbClient } from "@/lib/core/db/client";
import { inTransaction } from "@/lib/core/db/in-transaction";
import { DomainError } from "@/lib/core/errors/domain-error";
import { knownDevice } from "@/lib/features/auth/known-device";
import { chargePasswordRecheck, signInSucceeded } from "@/lib/features/auth/sign-in-limits";
import { MIN_PASSWORD_LENGTH } from "./create-staff";
import { staffAuth } from "./staff-auth";
import type { StaffSession } from "./staff-session";

/** Why a new password was refused: the form shows it, the API names it in the error's details. */
export type PasswordProblem = "current" | "short" | "mismatch" | "same";

const DETAILS: Record<PasswordProblem, string> = {
  current: "currentPassword: is not the account's password",
  short: `newPassword: needs at least ${MIN_PASSWORD_LENGTH} characters`,
  mismatch: "confirmation: does not match newPassword",
  same: "newPassword: must differ from the current password",
};

export class PasswordChangeError extends DomainError {
  constructor(readonly problem: PasswordProblem) {
    super("invalid", { details: DETAILS[problem] });
  }
}

type Options = {
  session: StaffSession;
  currentPassword: string;
  newPassword: string;
  confirmation: string;
  /** The caller's address (clientAddress) and Cookie header: the sign-in limits' address and known device. */
  ip: string;
  cookie: string | null;
};

/**
 * A staff member chooses a new password, stored by better-auth in its own format. The current one
 * is asked again, so a session left open cannot take over the account; the account's other
 * sessions end, as they were opened with the old password. This is what ends a one-time
 * password's restricted session. Each check of the current password meets the sign-in limits
 * (lib/features/auth/sign-in-limits.ts). (Our own rules, not better-auth's changePassword endpoint: staff
 * passwords are longer, and the problems are told apart for the form.)
 */
export async function changePassword(client: DbClient, { session, currentPassword, newPassword, confirmation, ip, cookie }: Options) {
  const { staff } = session;
  // Checking the current password is a sign-in attempt on the account (issue 34): a stolen session
  // would otherwise guess it without limit, then set its own and end the owner's sessions. The
  // attempt is spent before the password is tried, so while the account waits even the right
  // one is refused (429, Retry-After), as at the sign-in, with which it shares the count.
  const device = knownDevice(cookie, staff.email);
  await chargePasswordRecheck({ address: ip, email: staff.email, device });
  const context = await staffAuth().$context;
  const credential = (await context.internalAdapter.findAccounts(staff.id)).find((account) => account.providerId === "credential");
  if (!credential?.password || !(await context.password.verify({ hash: credential.password, password: currentPassword }))) {
    throw new PasswordChangeError("current");
  }
  await signInSucceeded({ address: ip, email: staff.email, device });
  if (newPassword.length < MIN_PASSWORD_LENGTH) throw new PasswordChangeError("short");
  if (newPassword !== confirmation) throw new PasswordChangeError("mismatch");
  if (newPassword === currentPassword) throw new PasswordChangeError("same");
  const password = await context.password.hash(newPassword);
  await inTransaction(client, async (tx) => {
    await tx.account.update({ where: { id: credential.id }, data: { password } });
    await tx.user.update({ where: { id: staff.id }, data: { mustChangePassword: false } });
    await tx.session.deleteMany({ where: { userId: staff.id, id: { not: session.id } } });
  });
}
