import type { Environment } from "@prisma/client";

// The support view's tables (payments, refunds, transfers) page and filter alike.

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

/** The filters every support table shares (status aside): environment, merchant, gateway, creation dates, cursor. */
export function sharedWhere(f: Omit<PaymentFilters, "status">) {
  return {
    ...(f.environment ? { environment: f.environment } : {}),
    ...(f.merchantId ? { merchantId: f.merchantId } : {}),
    ...(f.gatewayName ? { gatewayName: f.gatewayName } : {}),
    ...(f.from || f.to ? { createdAt: { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lt: f.to } : {}) } } : {}),
    ...(f.cursor ? { id: { lt: f.cursor } } : {}),
  };
}

export function toPage<Row extends { id: string }>(rows: Row[]) {
  return { items: rows.slice(0, PAGE_SIZE), nextCursor: rows.length > PAGE_SIZE ? rows[PAGE_SIZE - 1].id : null };
}
