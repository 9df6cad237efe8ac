import type { Deposit } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { DomainError, notFound } from "@/lib/core/errors/domain-error";

/** The payment a refund names is not the merchant's (or not there): the reference is the refused input. */
const paymentNotFound = (reference: string) => notFound("Payment", reference).with({ field: "paymentReference", rule: "not_found" });

/** A completed payment a refund gives back: the deposit that took the money, and where the merchant hears of it. */
export type RefundablePayment = {
  deposit: Deposit;
  /** The reference the merchant knows the payment by: its link's, or the deposit's (validated one for OTP). */
  paymentReference: string;
  /** Where refund.* webhooks go unless the refund names its own: the link's or the deposit's callbackUrl. */
  callbackUrl: string | null;
  /**
   * The most a merchant may give back: the payment's amount, what it was credited. The fees the
   * customer paid on top are the platform's and are not returned (docs/decisions.md).
   */
  amountMinor: bigint;
};

/**
 * The merchant's completed payment named by a link reference, a deposit reference, an invoice
 * reference or a validated reference. Another merchant's or environment's is "not found"; one that
 * took no money (pending, failed, expired) or whose money is already owed back by the platform
 * (a refund due) cannot be refunded.
 */
export async function findRefundablePayment(
  client: DbClient,
  options: { reference: string; merchantId: string; environment: Environment },
): Promise<RefundablePayment> {
  const { reference, merchantId, environment } = options;
  const link = reference.startsWith("LINK_") ? await client.paymentLink.findUnique({ where: { reference } }) : null;
  if (link) {
    if (link.merchantId !== merchantId || link.environment !== environment) throw paymentNotFound(reference);
    const deposit = link.paidByDepositId ? await client.deposit.findUnique({ where: { id: link.paidByDepositId } }) : null;
    if (!deposit || deposit.status !== "completed") {
      throw new DomainError("refused", { field: "paymentReference", rule: "not_paid", details: `${reference} is ${link.status} and holds no payment: only a paid link can be refunded` });
    }
    refuseOwedBack(deposit, reference);
    return { deposit, paymentReference: link.reference, callbackUrl: link.callbackUrl, amountMinor: deposit.amountMinor };
  }
  const deposit = await client.deposit.findFirst({ where: { OR: [{ reference }, { validatedReference: reference }] } });
  if (!deposit || deposit.merchantId !== merchantId || deposit.environment !== environment) throw paymentNotFound(reference);
  if (deposit.paymentLinkId) {
    throw new DomainError("refused", { field: "paymentReference", rule: "pays_a_link", details: `${reference} is an attempt to pay a payment link: refund the link by its reference` });
  }
  if (deposit.status !== "completed") {
    throw new DomainError("refused", { field: "paymentReference", rule: "not_paid", details: `${reference} is ${deposit.status}: only a completed payment can be refunded` });
  }
  refuseOwedBack(deposit, reference);
  return {
    deposit,
    paymentReference: deposit.validatedReference ?? deposit.reference,
    callbackUrl: deposit.callbackUrl,
    amountMinor: deposit.amountMinor,
  };
}

/**
 * A payment whose money the platform owes back (Deposit.refundDueReason: a second payment of a
 * paid link, or figures support failed) is given back by its refund due (lib/features/refunds/
 * open-refund-due.ts), out of refunds_due: a merchant's refund would give it back twice.
 */
function refuseOwedBack(deposit: Deposit, reference: string) {
  if (!deposit.refundDueReason) return;
  throw new DomainError("refused", {
    field: "paymentReference",
    rule: "owed_back_by_platform",
    details: `${reference} is owed back to the customer by the platform (${deposit.refundDueReason}): it is refunded as a refund due, not by the merchant`,
  });
}
