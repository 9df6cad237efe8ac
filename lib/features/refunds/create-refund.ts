import type { DbClient } from "@/lib/core/db/client";
import { inTransaction } from "@/lib/core/db/in-transaction";
import type { Environment } from "@/lib/core/domain/environment";
import { toMajor, toMinor } from "@/lib/core/domain/money";
import { ApiError } from "@/lib/core/errors/api-error";
import { lockBalance } from "@/lib/features/ledger/lock-balance";
import { readAvailableMinor } from "@/lib/features/ledger/read-balances";
import type { RefundRequest } from "@/lib/core/schemas/refund";
import { advanceRefund } from "./advance-refund";
import { findRefundablePayment } from "./find-refundable-payment";
import { insertRefund } from "./insert-refund";
import { refundableMinor } from "./refundable-minor";

/**
 * A merchant gives a customer's money back, in full or in part: at most the payment's amount (what
 * the merchant was credited) less the earlier refunds still standing, out of the merchant's
 * available balance; the fees the customer paid on top are not returned (docs/decisions.md). Under the balance
 * lock of the currency, so concurrent refunds (of one payment or of several) and payouts never take
 * more than there is. The refund then goes to the operator at once (live), or is answered by the
 * sandbox shortly after; the merchant hears refund.completed or refund.failed.
 */
export async function createRefund(
  client: DbClient,
  options: { merchantId: string; environment: Environment; input: RefundRequest; requestedBy: string; now?: Date },
) {
  const { merchantId, environment, input } = options;
  const now = options.now ?? new Date();
  const refund = await inTransaction(client, async (tx) => {
    const payment = await findRefundablePayment(tx, { reference: input.paymentReference, merchantId, environment });
    const { deposit } = payment;
    await lockBalance(tx, merchantId, environment, deposit.currency);
    const refundable = await refundableMinor(tx, payment);
    const money = (minor: bigint) => `${toMajor(minor, deposit.currency)} ${deposit.currency}`;
    if (refundable <= 0n) throw new ApiError(40020, { details: `${payment.paymentReference} is already refunded in full` });
    const amountMinor = input.amount === undefined ? refundable : toMinor(input.amount, deposit.currency);
    if (amountMinor === null) throw new ApiError(40010, { details: `amount has more decimals than ${deposit.currency} allows` });
    if (amountMinor > refundable) {
      throw new ApiError(40010, { details: `amount ${money(amountMinor)} is more than can still be refunded for ${payment.paymentReference}: ${money(refundable)}` });
    }
    const available = await readAvailableMinor(tx, merchantId, environment, deposit.currency);
    if (available < amountMinor) {
      throw new ApiError(40013, { details: `available ${money(available)}; this refund needs ${money(amountMinor)}` });
    }
    return insertRefund(tx, {
      deposit,
      paymentReference: payment.paymentReference,
      source: "merchant",
      amountMinor,
      currency: deposit.currency,
      requestedBy: options.requestedBy,
      reason: input.reason,
      callbackUrl: input.callbackUrl ?? payment.callbackUrl,
      metadata: input.metadata,
      at: now,
    });
  });
  // The money is held and the row committed: now the operator (a live refund is due at once).
  return refund.environment === "live" ? advanceRefund(client, refund, now) : refund;
}
