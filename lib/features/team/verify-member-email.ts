import type { DbClient } from "@/lib/core/db/client";
import { inTransaction } from "@/lib/core/db/in-transaction";
import { notFound } from "@/lib/core/errors/domain-error";
import { recordAudit } from "@/lib/features/audit/record-audit";

/**
 * A support admin confirms a member's e-mail address by hand: the way out for a new account when
 * the confirmation mail cannot leave (a production server without SMTP_URL, or a mailbox that never
 * gets it), once support has checked who is asking by other means. Only a member of that merchant
 * (another merchant's user is not found, 404/40004); audited as `member.email_verified`. An address
 * already confirmed is left as it is, and nothing is written.
 */
export async function verifyMemberEmailAsStaff(client: DbClient, options: { staffId: string; merchantId: string; userId: string }) {
  return inTransaction(client, async (tx) => {
    const member = await tx.member.findFirst({
      where: { organizationId: options.merchantId, userId: options.userId },
      include: { user: { select: { id: true, email: true, emailVerified: true } } },
    });
    if (!member) throw notFound("Member");
    const { user } = member;
    if (!user.emailVerified) {
      await tx.user.update({ where: { id: user.id }, data: { emailVerified: true } });
      await recordAudit(tx, {
        staffId: options.staffId,
        action: "member.email_verified",
        targetType: "user",
        targetId: user.id,
        details: { merchantId: options.merchantId, email: user.email },
      });
    }
    return { userId: user.id, email: user.email, emailVerified: true, alreadyVerified: user.emailVerified };
  });
}
