import type { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/db/client";
import type { DepositStatus } from "@/lib/domain/deposit-status";

type FinalStatus = Exclude<DepositStatus, "pending">;

/**
 * Moves a deposit out of pending, once. The update is conditional on the row still being
 * pending, so of two racing transitions (an approval and the expiry, two confirmations) exactly
 * one happens. Returns whether this call made the change.
 */
export async function transitionDeposit(
  client: DbClient,
  options: {
    id: string;
    to: FinalStatus;
    at?: Date;
    failureReason?: string;
    /** Further conditions the row must meet, e.g. an OTP still within its tries. */
    guard?: Prisma.DepositWhereInput;
    extra?: { validatedReference?: string; confirmedAt?: Date };
  },
): Promise<boolean> {
  const at = options.at ?? new Date();
  const stamp =
    options.to === "completed" ? { completedAt: at } : options.to === "failed" ? { failedAt: at, failureReason: options.failureReason } : { expiredAt: at };
  const { count } = await client.deposit.updateMany({
    where: { ...options.guard, id: options.id, status: "pending" },
    data: { status: options.to, ...stamp, ...options.extra },
  });
  return count === 1;
}
