import type { DbClient } from "@/lib/core/db/client";
import { countryTimeZone } from "@/lib/core/domain/local-day";
import { maskedPhone } from "@/lib/core/domain/masked-phone";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";

// The dashboard's "Paiements reçus" (issue 51 part 1): the payments the merchant was paid, newest
// first, as the counter needs them: amount, the payer's masked number (the screen faces the
// shop), the operator and the time, in the merchant's time zone (its country's). A completed
// attempt held as a refund to make (its link was already paid) is no payment received.

export type ReceivedPayment = {
  reference: string;
  amountMinor: bigint;
  currency: string;
  payer: string;
  gatewayName: string;
  completedAt: Date;
};

export async function listReceivedPayments(client: DbClient, scope: MerchantScope, limit = 20): Promise<{ items: ReceivedPayment[]; timeZone: string }> {
  const [merchant, rows] = await Promise.all([
    client.merchant.findUniqueOrThrow({ where: { id: scope.merchantId }, select: { country: true } }),
    client.deposit.findMany({
      // completedAt set: the index's non-null part, read from its newest end (NULLs sort first in DESC).
      where: { merchantId: scope.merchantId, environment: scope.environment, status: "completed", refundDueReason: null, completedAt: { not: null } },
      orderBy: [{ completedAt: "desc" }, { id: "desc" }],
      take: limit,
      select: { reference: true, amountMinor: true, currency: true, customerPhone: true, gatewayName: true, completedAt: true },
    }),
  ]);
  return {
    timeZone: countryTimeZone(merchant.country),
    items: rows.map((row) => ({
      reference: row.reference,
      amountMinor: row.amountMinor,
      currency: row.currency,
      payer: maskedPhone(row.customerPhone),
      gatewayName: row.gatewayName,
      completedAt: row.completedAt!,
    })),
  };
}
