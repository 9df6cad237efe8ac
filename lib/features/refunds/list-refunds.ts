import type { Refund } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { PAGE_SIZE, sharedWhere, toPage, type PaymentFilters } from "@/lib/core/domain/support-filters";
import { withMerchantNames } from "@/lib/features/transfers/list-transfers";

export type RefundFilters = Omit<PaymentFilters, "status"> & { status?: Refund["status"]; source?: "merchant" | "refund_due" };

/**
 * The refunds table: the other tables' filters, and who asked (the merchant, or the platform for a
 * refund due), newest first, a cursor page (ids are `rfd_` + ULID, so id order is creation order).
 */
export async function listRefunds(client: DbClient, f: RefundFilters) {
  const rows = await client.refund.findMany({
    where: { ...sharedWhere(f), ...(f.status ? { status: f.status } : {}), ...(f.source ? { source: f.source } : {}) },
    orderBy: { id: "desc" },
    take: PAGE_SIZE + 1,
  });
  const page = toPage(rows);
  return { items: await withMerchantNames(client, page.items), nextCursor: page.nextCursor };
}
