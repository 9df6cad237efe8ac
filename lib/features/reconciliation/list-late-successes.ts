import type { DbClient } from "@/lib/core/db/client";
import { toMajor } from "@/lib/core/domain/money";

/**
 * A payout or a refund whose funds we released (its operator had no record of it past the follow
 * window) and that its operator showed paid afterwards: booked again, the merchant debited once
 * more (lib/features/money-out/follow-released.ts). Support checks each with the merchant.
 */
export type LateSuccess = {
  kind: "transfer" | "refund";
  reference: string;
  merchantId: string;
  environment: string;
  gatewayName: string;
  amount: number;
  currency: string;
  status: string;
  /** A refund's: "merchant", or "refund_due" (the platform's: was it sent again meanwhile?). */
  source: string | null;
  /** When the funds were released, when the operator says it paid, and when we learned it and booked it again. */
  failedAt: Date | null;
  completedAt: Date | null;
  completedLateAt: Date;
};

/** The late successes, newest first: what the support view's reconciliation page lists under the open outcomes. */
export async function listLateSuccesses(client: DbClient, options: { take?: number; merchantId?: string } = {}): Promise<LateSuccess[]> {
  const take = options.take ?? 100;
  const where = { ...(options.merchantId ? { merchantId: options.merchantId } : {}), completedLateAt: { not: null } };
  const [transfers, refunds] = await Promise.all([
    client.transfer.findMany({ where, orderBy: { completedLateAt: "desc" }, take }),
    client.refund.findMany({ where, orderBy: { completedLateAt: "desc" }, take }),
  ]);
  const rows: LateSuccess[] = [
    ...transfers.map((t) => ({ kind: "transfer" as const, ...common(t), source: null })),
    ...refunds.map((r) => ({ kind: "refund" as const, ...common(r), source: r.source })),
  ];
  return rows.sort((a, b) => b.completedLateAt.getTime() - a.completedLateAt.getTime()).slice(0, take);
}

type Row = {
  reference: string;
  merchantId: string;
  environment: string;
  gatewayName: string;
  amountMinor: bigint;
  currency: string;
  status: string;
  failedAt: Date | null;
  completedAt: Date | null;
  completedLateAt: Date | null;
};

function common(row: Row) {
  return {
    reference: row.reference,
    merchantId: row.merchantId,
    environment: row.environment,
    gatewayName: row.gatewayName,
    amount: toMajor(row.amountMinor, row.currency),
    currency: row.currency,
    status: row.status,
    failedAt: row.failedAt,
    completedAt: row.completedAt,
    completedLateAt: row.completedLateAt!,
  };
}
