import { sqlOn, type DbClient } from "@/lib/core/db/client";
import type { RefundablePayment } from "./find-refundable-payment";
import { refundedRead } from "./refund-sql";

/**
 * What a merchant can still refund of a payment: its amount (what the merchant was credited) less
 * the merchant's refunds still standing (pending or completed; a failed one gave its amount back).
 * Zero or less: refunded in full. createRefund reads the same under the balance lock (refundedRead);
 * the dashboard reads it to prefill its refund form.
 */
export async function refundableMinor(client: DbClient, payment: Pick<RefundablePayment, "deposit" | "amountMinor">): Promise<bigint> {
  const read = refundedRead(payment.deposit.id);
  const [row] = await sqlOn(client)(`WITH ${read.text} SELECT minor::text AS minor FROM refunded`, read.params);
  return payment.amountMinor - BigInt(row!.minor!);
}
