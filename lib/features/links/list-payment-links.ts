import type { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { LINK_CURRENCIES } from "@/lib/core/domain/money";
import { effectiveLinkStatus, type LinkStatus } from "@/lib/core/domain/link-status";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { afterCursor, amountConditions, createdAtRange, decodeCursor, PAGE_SIZE, toPage, type ListFilters } from "@/lib/core/domain/list-filters";

export const LINK_STATUSES: readonly LinkStatus[] = ["pending", "completed", "failed", "expired"];

/**
 * The status filter as readers see statuses: a link still open (pending, or failed and open for
 * a retry) past its expiry counts as expired.
 */
function statusCondition(status: string | undefined, now: Date): Prisma.PaymentLinkWhereInput | undefined {
  if (status === "pending" || status === "failed") return { status, expiresAt: { gt: now } };
  if (status === "expired") return { OR: [{ status: "expired" }, { status: { in: ["pending", "failed"] }, expiresAt: { lte: now } }] };
  if (status === "completed") return { status };
  return undefined;
}

/** One page of the member's payment links in the chosen environment, newest first. */
export async function listPaymentLinks(client: DbClient, scope: MerchantScope, filters: ListFilters, now = new Date()) {
  const and: Prisma.PaymentLinkWhereInput[] = [];
  const status = statusCondition(filters.status, now);
  if (status) and.push(status);
  const amounts = amountConditions(filters, LINK_CURRENCIES);
  if (amounts) and.push({ OR: amounts });
  if (filters.q) {
    const contains = { contains: filters.q, mode: "insensitive" as const };
    and.push({ OR: [{ reference: contains }, { description: contains }, { customerName: contains }, { customerEmail: contains }, { customerPhone: contains }] });
  }
  const after = afterCursor(decodeCursor(filters.cursor));
  if (after) and.push(after);
  const rows = await client.paymentLink.findMany({
    where: { merchantId: scope.merchantId, environment: scope.environment, createdAt: createdAtRange(filters), AND: and },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: PAGE_SIZE + 1,
  });
  const page = toPage(rows);
  return { ...page, items: page.items.map((link) => ({ ...link, status: effectiveLinkStatus(link, now) })) };
}
