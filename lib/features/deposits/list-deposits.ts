import type { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { effectiveDepositStatus, type DepositStatus } from "@/lib/core/domain/deposit-status";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { afterCursor, amountConditions, createdAtRange, decodeCursor, PAGE_SIZE, toPage, type ListFilters } from "@/lib/core/domain/list-filters";

export const DEPOSIT_STATUSES: readonly DepositStatus[] = ["pending", "completed", "failed", "expired"];

/** The status filter as readers see statuses: a pending deposit past its expiry counts as expired. */
function statusCondition(status: string | undefined, now: Date): Prisma.DepositWhereInput | undefined {
  if (status === "pending") return { status: "pending", expiresAt: { gt: now } };
  if (status === "expired") return { OR: [{ status: "expired" }, { status: "pending", expiresAt: { lte: now } }] };
  if (status === "completed" || status === "failed") return { status };
  return undefined;
}

/** One page of the member's deposits (API deposits and checkout attempts) in the chosen environment, newest first. */
export async function listDeposits(client: DbClient, scope: MerchantScope, filters: ListFilters, now = new Date()) {
  const and: Prisma.DepositWhereInput[] = [];
  const status = statusCondition(filters.status, now);
  if (status) and.push(status);
  if (filters.minAmount || filters.maxAmount) {
    // The currencies this merchant's deposits are in: the amount bounds differ per currency's minor unit.
    const currencies = await client.deposit.findMany({ where: { merchantId: scope.merchantId, environment: scope.environment }, distinct: ["currency"], select: { currency: true } });
    and.push({ OR: amountConditions(filters, currencies.map((c) => c.currency)) ?? [] });
  }
  if (filters.q) {
    const contains = { contains: filters.q, mode: "insensitive" as const };
    and.push({ OR: [{ reference: contains }, { validatedReference: contains }, { customerPhone: contains }, { customerName: contains }, { customerEmail: contains }] });
  }
  const after = afterCursor(decodeCursor(filters.cursor));
  if (after) and.push(after);
  const rows = await client.deposit.findMany({
    where: { merchantId: scope.merchantId, environment: scope.environment, createdAt: createdAtRange(filters), AND: and },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: PAGE_SIZE + 1,
    include: { paymentLink: { select: { reference: true } } },
  });
  const page = toPage(rows);
  return { ...page, items: page.items.map((d) => ({ ...d, status: effectiveDepositStatus(d, now) })) };
}
