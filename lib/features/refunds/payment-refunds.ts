import type { DbClient } from "@/lib/core/db/client";
import { isOutcome } from "@/lib/core/errors/domain-error";
import { findRefundablePayment } from "@/lib/features/refunds/find-refundable-payment";
import { refundableMinor } from "@/lib/features/refunds/refundable-minor";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";

/**
 * A payment's refunds as its page shows them, newest first (the merchant's own and those the
 * platform made on its own, such as a second payment of a link), and, when the payment is one a
 * merchant can refund (a paid link, a completed API deposit: lib/features/refunds/find-refundable-payment.ts),
 * what can still be refunded of it, for the refund form. `depositIds`: the payment's deposits (a
 * link's attempts).
 */
export async function paymentRefunds(client: DbClient, scope: MerchantScope, paymentReference: string, depositIds: string[]) {
  const [payment, refunds] = await Promise.all([
    findRefundablePayment(client, { reference: paymentReference, ...scope }).catch((error: unknown) => {
      // Not a payment that holds money to give back (unpaid, a link's attempt...): no form.
      if (isOutcome(error, "refused")) return null;
      throw error;
    }),
    client.refund.findMany({ where: { ...scope, depositId: { in: depositIds } }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
  ]);
  const refundable = payment && {
    paymentReference: payment.paymentReference,
    amountMinor: await refundableMinor(client, payment),
    currency: payment.deposit.currency,
    customerPhone: payment.deposit.customerPhone,
    gatewayName: payment.deposit.gatewayName,
  };
  return { refundable, refunds };
}
