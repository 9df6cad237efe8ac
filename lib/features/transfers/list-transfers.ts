import type { Transfer } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { PAGE_SIZE, sharedWhere, toPage, type PaymentFilters } from "@/lib/core/domain/support-filters";

export type TransferFilters = Omit<PaymentFilters, "status"> & { status?: Transfer["status"] };

/**
 * Transfers and refunds carry a merchantId but no Prisma relation to the merchant (unlike links
 * and deposits), so the names come from one extra query for the whole set of rows.
 */
export async function withMerchantNames<Row extends { merchantId: string }>(client: DbClient, rows: Row[]): Promise<(Row & { merchant: { name: string } })[]> {
  if (rows.length === 0) return [];
  const merchants = await client.merchant.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.merchantId))] } }, select: { id: true, name: true } });
  const names = new Map(merchants.map((m) => [m.id, m.name]));
  return rows.map((row) => ({ ...row, merchant: { name: names.get(row.merchantId) ?? row.merchantId } }));
}

/**
 * The transfers table: the links' and deposits' filters, newest first, a cursor page (ids are
 * `trf_` + ULID, so id order is creation order). A transfer has no expiry: its status is as stored.
 */
export async function listTransfers(client: DbClient, f: TransferFilters) {
  const rows = await client.transfer.findMany({
    where: { ...sharedWhere(f), ...(f.status ? { status: f.status } : {}) },
    orderBy: { id: "desc" },
    take: PAGE_SIZE + 1,
  });
  const page = toPage(rows);
  return { items: await withMerchantNames(client, page.items), nextCursor: page.nextCursor };
}
