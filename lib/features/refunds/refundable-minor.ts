import type { DbClient } from "@/lib/core/db/client";
import type { RefundablePayment } from "./find-refundable-payment";

/**
 * What a merchant can still refund of a payment: its amount (what the merchant was credited) less
 * the merchant's refunds still standing (pending or completed; a failed one gave its amount back).
 * Zero or less: refunded in full. createRefund reads it under the balance lock; the dashboard reads
 * it to prefill its refund form.
 */
export async function refundableMinor(client: DbClient, payment: Pick<RefundablePayment, "deposit" | "amountMinor">): Promise<bigint> {
  const standing = await client.refund.aggregate({
    where: { depositId: payment.deposit.id, source: "merchant", status: { in: ["pending", "completed"] } },
    _sum: { amountMinor: true },
  });
  return payment.amountMinor - (standing._sum.amountMinor ?? 0n);
}
