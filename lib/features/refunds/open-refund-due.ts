import type { Deposit, Prisma } from "@prisma/client";
import { insertRefund } from "./insert-refund";
import { chargedMinor } from "./refund-operator";

/**
 * The refund the platform owes a customer (Deposit.refundDueReason: a second payment of a link
 * already paid, or of a failed link), opened in the transaction that holds the money in
 * refunds_due: every refund due is paid back, by its operator or by support, never left in the
 * ledger. All the customer paid goes back (amount + fees), never from the merchant's balance. One
 * per deposit while it stands (a partial unique index); support may open another after a failure.
 */
export async function openRefundDue(
  tx: Prisma.TransactionClient,
  options: { deposit: Deposit; reason: string; paymentReference: string; callbackUrl: string | null; at: Date; requestedBy?: string },
) {
  const { deposit } = options;
  return insertRefund(tx, {
    deposit,
    paymentReference: options.paymentReference,
    source: "refund_due",
    amountMinor: chargedMinor(deposit),
    currency: deposit.refundDueReason === "amount_mismatch" ? (deposit.operatorCurrency ?? deposit.currency) : deposit.currency,
    requestedBy: options.requestedBy ?? "automatic",
    reason: options.reason,
    callbackUrl: options.callbackUrl,
    at: options.at,
  });
}
