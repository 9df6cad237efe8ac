import type { DbClient } from "@/lib/core/db/client";

export type PageTotals = { paymentsCount: number; amountCollectedMinor: bigint };

/**
 * A page's completed payments and their sum: its links that hold a payment (completed, or paid
 * after their expiry: the money is the merchant's either way). Read from the links themselves, so
 * the figures can never disagree with them. A link that failed, expired unpaid or is still open
 * counts for nothing (an abandoned attempt never counts).
 */
export async function pageTotals(client: DbClient, paymentPageReference: string): Promise<PageTotals> {
  const totals = await client.paymentLink.aggregate({
    where: { paymentPageReference, paidByDepositId: { not: null } },
    _count: { _all: true },
    _sum: { amountMinor: true },
  });
  return { paymentsCount: totals._count._all, amountCollectedMinor: totals._sum.amountMinor ?? 0n };
}
