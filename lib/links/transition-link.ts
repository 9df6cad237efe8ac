import type { Prisma } from "@prisma/client";
import type { LinkStatus } from "@/lib/domain/link-status";

type FinalStatus = Exclude<LinkStatus, "pending">;

/**
 * Moves a payment link out of pending, once: the update is conditional on the link still being
 * pending, so a payment racing the expiry, or two attempts, settle it exactly once. Must run in
 * the transaction of the change that causes it. Returns whether this call made the change.
 */
export async function transitionLink(
  tx: Prisma.TransactionClient,
  options: { id: string; to: FinalStatus; at: Date; feesMinor?: bigint; gatewayName?: string; failureReason?: string },
): Promise<boolean> {
  const { id, to, at } = options;
  const stamp = to === "completed" ? { completedAt: at } : to === "failed" ? { failedAt: at } : { expiredAt: at };
  const { count } = await tx.paymentLink.updateMany({
    // A payment only completes a link before its expiry (the spec's transition table).
    where: { id, status: "pending", ...(to === "completed" ? { expiresAt: { gt: at } } : {}) },
    data: {
      status: to,
      ...stamp,
      ...(options.feesMinor !== undefined ? { feesMinor: options.feesMinor } : {}),
      ...(options.gatewayName ? { gatewayName: options.gatewayName } : {}),
      ...(options.failureReason ? { failureReason: options.failureReason } : {}),
    },
  });
  return count === 1;
}
