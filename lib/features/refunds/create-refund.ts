import type { Refund } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { inTransaction } from "@/lib/core/db/in-transaction";
import type { Environment } from "@/lib/core/domain/environment";
import { toMajor, toMinor } from "@/lib/core/domain/money";
import { DomainError } from "@/lib/core/errors/domain-error";
import { lockBalance } from "@/lib/features/ledger/lock-balance";
import { readAvailableMinor } from "@/lib/features/ledger/read-balances";
import type { RefundRequest } from "@/lib/core/schemas/refund";
import { stepLiveRefund } from "./advance-refund";
import { findRefundablePayment } from "./find-refundable-payment";
import { insertRefund } from "./insert-refund";
import { refundableMinor } from "./refundable-minor";

/**
 * A merchant gives a customer's money back, in full or in part: at most the payment's amount (what
 * the merchant was credited) less the earlier refunds still standing, out of the merchant's
 * available balance; the fees the customer paid on top are not returned (docs/decisions.md). Under the balance
 * lock of the currency, so concurrent refunds (of one payment or of several) and payouts never take
 * more than there is. This is the request's intent (one transaction, no operator call): a live
 * refund then goes to its operator once committed (sendAcceptedRefund), the sandbox answers shortly
 * after; the merchant hears refund.completed or refund.failed.
 */
export async function acceptRefund(
  client: DbClient,
  options: { merchantId: string; environment: Environment; input: RefundRequest; requestedBy: string; now?: Date },
) {
  const { merchantId, environment, input } = options;
  const now = options.now ?? new Date();
  return inTransaction(client, async (tx) => {
    const payment = await findRefundablePayment(tx, { reference: input.paymentReference, merchantId, environment });
    const { deposit } = payment;
    await lockBalance(tx, merchantId, environment, deposit.currency);
    const refundable = await refundableMinor(tx, payment);
    const money = (minor: bigint) => `${toMajor(minor, deposit.currency)} ${deposit.currency}`;
    if (refundable <= 0n) throw new DomainError("refused", { details: `${payment.paymentReference} is already refunded in full` });
    const amountMinor = input.amount === undefined ? refundable : toMinor(input.amount, deposit.currency);
    if (amountMinor === null) throw new DomainError("invalid", { reason: "amount", details: `amount has more decimals than ${deposit.currency} allows` });
    if (amountMinor > refundable) {
      throw new DomainError("invalid", { reason: "amount", details: `amount ${money(amountMinor)} is more than can still be refunded for ${payment.paymentReference}: ${money(refundable)}` });
    }
    const available = await readAvailableMinor(tx, merchantId, environment, deposit.currency);
    if (available < amountMinor) {
      throw new DomainError("insufficient_balance", { details: `available ${money(available)}; this refund needs ${money(amountMinor)}` });
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
      sentByRequest: true,
    });
  });
}

/** Accepts a refund, then (its intent committed) sends it to a live operator. */
export async function createRefund(client: DbClient, options: Parameters<typeof acceptRefund>[1]) {
  return sendAcceptedRefund(client, await acceptRefund(client, options));
}

/**
 * The second phase of a refund's request, outside any transaction: a live refund's first step at
 * its operator (lib/features/money-out/). `resumed`: a retry of a request that stopped after its
 * intent, which steps only once the refund is due (as for transfers). Returns the row as it stands.
 */
export async function sendAcceptedRefund(client: DbClient, refund: Refund, options: { resumed?: boolean; now?: Date } = {}) {
  const now = options.now ?? new Date();
  if (refund.environment !== "live" || refund.status !== "pending" || refund.method === "manual") return refund;
  if (options.resumed && refund.dueAt && refund.dueAt > now) return refund;
  return stepLiveRefund(client, refund.id, now);
}
