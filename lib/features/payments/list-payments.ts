import type { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { PAGE_SIZE, sharedWhere, toPage, type PaymentFilters } from "@/lib/core/domain/support-filters";

// Expired is what a reader sees: stored as expired, or still pending past expiresAt.
function statusWhere(status: PaymentFilters["status"], now: Date) {
  if (!status) return {};
  if (status === "expired") return { OR: [{ status: "expired" as const }, { status: "pending" as const, expiresAt: { lte: now } }] };
  if (status === "pending") return { status: "pending" as const, expiresAt: { gt: now } };
  return { status };
}

function commonWhere(f: PaymentFilters, now: Date) {
  return { ...sharedWhere(f), ...statusWhere(f.status, now) };
}

// A link stays open after a failed attempt until expiresAt: failed before it, expired from it.
function linkStatusWhere(status: PaymentFilters["status"], now: Date): Prisma.PaymentLinkWhereInput {
  if (status === "failed") return { status: "failed", expiresAt: { gt: now } };
  if (status === "expired") return { OR: [{ status: "expired" }, { status: { in: ["pending", "failed"] }, expiresAt: { lte: now } }] };
  return statusWhere(status, now) as Prisma.PaymentLinkWhereInput;
}

// Links and deposits are paged alike. Their Prisma delegates share no callable type (a union of
// the two findMany signatures cannot be called), so each list keeps its own one-line query and
// shares the rest; the filters fit both models, hence the cast to each one's where-input.

/** Newest first, one row more than a page to learn whether another follows; ids are ULID-based, so id order is creation order and the cursor. */
function pageQuery<Where>(where: Where) {
  return { where, include: { merchant: { select: { name: true } } }, orderBy: { id: "desc" }, take: PAGE_SIZE + 1 } as const;
}


export async function listLinks(client: DbClient, f: PaymentFilters, now = new Date()) {
  return toPage(await client.paymentLink.findMany(pageQuery({ ...sharedWhere(f), ...linkStatusWhere(f.status, now) } as Prisma.PaymentLinkWhereInput)));
}

export async function listDeposits(client: DbClient, f: PaymentFilters, now = new Date()) {
  return toPage(await client.deposit.findMany(pageQuery(commonWhere(f, now) as Prisma.DepositWhereInput)));
}
