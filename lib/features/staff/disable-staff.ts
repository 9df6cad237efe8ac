import type { DbClient } from "@/lib/core/db/client";
import { inTransaction } from "@/lib/core/db/in-transaction";
import { recordAudit } from "@/lib/features/audit/record-audit";
import { COMMAND_LINE, staffEmail } from "./create-staff";
import { STAFF_SURFACE } from "./staff-surface";

export type StaffDisabled = { email: string; changed: boolean; disabledAt: Date | null; sessionsEnded: number };

/**
 * Takes a staff member's access to the support view away (`enable: false`) or gives it back. The
 * support view already refuses a disabled account on every request; its support sessions are also
 * deleted here, in the same transaction, so none is left to come back to when the account is
 * enabled again (they sign in anew). Their dashboard sessions stay: a merchant's member who also
 * worked in support keeps the dashboard. (The rows are deleted directly, as a password change
 * does: command-line scripts cannot load the server-only better-auth instance, and sessions live
 * in the database only.) Doing what is already done changes and audits nothing.
 */
export async function setStaffDisabled(client: DbClient, options: { email: string; disabled: boolean; now?: Date }): Promise<StaffDisabled> {
  const email = staffEmail(options.email);
  const user = await client.user.findUnique({ where: { email }, select: { id: true, staffRole: true, disabledAt: true } });
  if (!user) throw new Error(`No account uses ${email}`);
  if (!user.staffRole) throw new Error(`${email} is not staff (npm run staff:create gives the role)`);
  if (Boolean(user.disabledAt) === options.disabled) return { email, changed: false, disabledAt: user.disabledAt, sessionsEnded: 0 };
  const disabledAt = options.disabled ? (options.now ?? new Date()) : null;
  return inTransaction(client, async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { disabledAt } });
    const ended = options.disabled ? await tx.session.deleteMany({ where: { userId: user.id, surface: STAFF_SURFACE } }) : { count: 0 };
    await recordAudit(tx, {
      staffId: user.id,
      action: options.disabled ? "staff.disabled" : "staff.enabled",
      targetType: "staff",
      targetId: user.id,
      details: { ...COMMAND_LINE, role: user.staffRole, sessionsEnded: ended.count },
    });
    return { email, changed: true, disabledAt, sessionsEnded: ended.count };
  });
}
