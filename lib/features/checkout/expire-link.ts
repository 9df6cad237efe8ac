import type { DbClient } from "@/lib/core/db/client";
import { inTransaction } from "@/lib/core/db/in-transaction";
import { syncDepositWithGateway } from "@/lib/features/deposits/sync-deposit-with-gateway";
import { transitionLink } from "@/lib/features/links/transition-link";

/**
 * Records a link's expiry once it is due: pending (or failed, open for a retry) -> expired,
 * stamped at its expiresAt (the moment readers already saw it expire), with payment_link.expired
 * in the same transaction. Its pending attempts are settled with their operators first: one
 * approved before expiresAt pays the link instead (however late we learn of it), one approved
 * after is recorded as paid after expiry. Does nothing to a link that is not yet due, completed or
 * already expired. Returns whether it expired it.
 */
export async function expireLink(client: DbClient, options: { id: string; now?: Date }): Promise<boolean> {
  const now = options.now ?? new Date();
  const attempts = await client.deposit.findMany({ where: { paymentLinkId: options.id, status: "pending" }, orderBy: { createdAt: "asc" } });
  for (const attempt of attempts) await syncDepositWithGateway(client, attempt, now);
  return inTransaction(client, async (tx) => {
    const link = await tx.paymentLink.findUnique({ where: { id: options.id }, select: { status: true, expiresAt: true } });
    // A failed link was open for a retry until now: it expires like a pending one.
    if (!link || (link.status !== "pending" && link.status !== "failed") || now.getTime() < link.expiresAt.getTime()) return false;
    return transitionLink(tx, { id: options.id, to: "expired", at: link.expiresAt });
  });
}
