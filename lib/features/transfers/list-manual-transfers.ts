import type { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { toMajor } from "@/lib/core/domain/money";
import { formatFractionalSeconds } from "@/lib/core/domain/time";

/**
 * A pending transfer an admin decides: MANUAL; a SCHEDULED one handed over at its batch; a live
 * payout its operator left unresolved past the follow window (still read hourly: lib/features/money-out/).
 */
export const awaitingAdmin = {
  OR: [
    { gatewayType: "MANUAL" },
    { gatewayType: "SCHEDULED", handedOverAt: { not: null } },
    { unresolvedAt: { not: null } },
  ],
} satisfies Prisma.TransferWhereInput;

/**
 * Transfers waiting for an admin, oldest first, with their merchant's name: MANUAL ones, and live
 * SCHEDULED ones whose batch was handed to support to pay by hand (transfer-kind.ts).
 */
export async function listManualTransfers(client: DbClient, options: { merchantId?: string; take?: number } = {}) {
  const rows = await client.transfer.findMany({
    where: { status: "pending", ...awaitingAdmin, ...(options.merchantId ? { merchantId: options.merchantId } : {}) },
    orderBy: { createdAt: "asc" },
    take: options.take ?? 100,
  });
  const merchants = await client.merchant.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.merchantId))] } },
    select: { id: true, name: true },
  });
  const names = new Map(merchants.map((m) => [m.id, m.name]));
  return rows.map((t) => ({
    reference: t.reference,
    merchantId: t.merchantId,
    merchantName: names.get(t.merchantId) ?? t.merchantId,
    environment: t.environment,
    gatewayName: t.gatewayName,
    amount: toMajor(t.amountMinor, t.currency),
    fees: toMajor(t.feesMinor, t.currency),
    currency: t.currency,
    country: t.country,
    beneficiaryPhone: t.beneficiaryPhone,
    beneficiaryName: t.beneficiaryName,
    createdAt: formatFractionalSeconds(t.createdAt),
    gatewayType: t.gatewayType,
  }));
}
