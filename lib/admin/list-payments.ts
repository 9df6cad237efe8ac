import type { Environment, Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/db/client";

export const PAGE_SIZE = 25;

export type PaymentFilters = {
  environment?: Environment;
  status?: "pending" | "completed" | "failed" | "expired";
  merchantId?: string;
  gatewayName?: string;
  from?: Date;
  to?: Date;
  cursor?: string;
};

// Expired is what a reader sees: stored as expired, or still pending past expiresAt.
function statusWhere(status: PaymentFilters["status"], now: Date) {
  if (!status) return {};
  if (status === "expired") return { OR: [{ status: "expired" as const }, { status: "pending" as const, expiresAt: { lte: now } }] };
  if (status === "pending") return { status: "pending" as const, expiresAt: { gt: now } };
  return { status };
}

function commonWhere(f: PaymentFilters, now: Date) {
  return {
    ...(f.environment ? { environment: f.environment } : {}),
    ...(f.merchantId ? { merchantId: f.merchantId } : {}),
    ...(f.gatewayName ? { gatewayName: f.gatewayName } : {}),
    ...(f.from || f.to ? { createdAt: { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lt: f.to } : {}) } } : {}),
    ...(f.cursor ? { id: { lt: f.cursor } } : {}),
    ...statusWhere(f.status, now),
  };
}

/** Newest first, a page at a time; ids are ULID-based, so id order is creation order and the cursor. */
export async function listLinks(client: DbClient, f: PaymentFilters, now = new Date()) {
  const rows = await client.paymentLink.findMany({
    where: commonWhere(f, now) as Prisma.PaymentLinkWhereInput,
    include: { merchant: { select: { name: true } } },
    orderBy: { id: "desc" },
    take: PAGE_SIZE + 1,
  });
  return { items: rows.slice(0, PAGE_SIZE), nextCursor: rows.length > PAGE_SIZE ? rows[PAGE_SIZE - 1].id : null };
}

export async function listDeposits(client: DbClient, f: PaymentFilters, now = new Date()) {
  const rows = await client.deposit.findMany({
    where: commonWhere(f, now) as Prisma.DepositWhereInput,
    include: { merchant: { select: { name: true } } },
    orderBy: { id: "desc" },
    take: PAGE_SIZE + 1,
  });
  return { items: rows.slice(0, PAGE_SIZE), nextCursor: rows.length > PAGE_SIZE ? rows[PAGE_SIZE - 1].id : null };
}
