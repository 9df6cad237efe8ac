import type { Deposit, Refund } from "@prisma/client";
import type { RefundAdapter, RefundForGateway } from "@/lib/integrations/gateways/adapter";
import { liveOperator, liveRefundAdapter } from "@/lib/integrations/gateways/live-adapters";

/**
 * How a payment's money goes back: "simulated" in the sandbox (nothing moves), the refund adapter
 * of the live operator the refund goes through (Refund.operator: the one that took the payment,
 * refundOperatorOf) where it has one, else "manual" (support pays it back by hand and records it:
 * Orange Money offers no refund we can call, docs/operators.md).
 */
export function refundOperator(refund: Pick<Refund, "gatewayName" | "environment" | "operator">): { adapter: RefundAdapter | null; manual: boolean } {
  if (refund.environment === "sandbox") return { adapter: null, manual: false };
  const adapter = liveRefundAdapter(refund.gatewayName, refund.operator);
  return { adapter, manual: adapter === null };
}

/**
 * The operator a new refund of this payment goes through: the one that took it (only it holds the
 * payment: a pawaPay refund names pawaPay's deposit id, MTN's its own transaction), else, for a
 * payment made before operators were recorded, the one serving its gateway now.
 */
export function refundOperatorOf(deposit: Pick<Deposit, "gatewayName" | "environment" | "operator">): string | null {
  return deposit.environment === "sandbox" ? null : (deposit.operator ?? liveOperator(deposit.gatewayName));
}

/**
 * What the customer was charged for the payment: amount + fees, or, for a payment held because its
 * operator reported other figures (still held, or failed by support with a refund due), what the
 * operator says it took.
 */
export function chargedMinor(deposit: Pick<Deposit, "amountMinor" | "feesMinor" | "heldReason" | "refundDueReason" | "operatorAmountMinor">): bigint {
  const operatorFigures = deposit.heldReason !== null || deposit.refundDueReason === "amount_mismatch";
  return operatorFigures && deposit.operatorAmountMinor !== null ? deposit.operatorAmountMinor : deposit.amountMinor + deposit.feesMinor;
}

/** The refund as the operator's adapter sees it, with the payment it gives back. */
export function refundForGateway(refund: Refund, deposit: Deposit): RefundForGateway {
  const charged = chargedMinor(deposit);
  return {
    reference: refund.reference,
    operatorRequestId: refund.operatorRequestId,
    amountMinor: refund.amountMinor,
    currency: refund.currency,
    phone: refund.customerPhone,
    createdAt: refund.createdAt,
    operatorSentAt: refund.operatorSentAt,
    payment: {
      reference: deposit.reference,
      gatewayName: deposit.gatewayName,
      operatorRequestId: deposit.operatorRequestId,
      operatorReference: deposit.operatorReference,
      chargedMinor: charged,
    },
    // Refundable amounts never exceed the charge, so a refund of all of it is the only one.
    whole: refund.amountMinor === charged,
    method: refund.method,
  };
}
