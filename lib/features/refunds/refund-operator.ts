import type { Deposit, Refund } from "@prisma/client";
import type { Environment } from "@/lib/core/domain/environment";
import type { RefundAdapter, RefundForGateway } from "@/lib/integrations/gateways/adapter";
import { liveRefundAdapter } from "@/lib/integrations/gateways/live-adapters";

/**
 * How a payment's money goes back: "simulated" in the sandbox (nothing moves), the live
 * operator's refund adapter where it has one, else "manual" (support pays it back by hand and
 * records it: Orange Money offers no refund we can call, docs/operators.md).
 */
export function refundOperator(gatewayName: string, environment: Environment): { adapter: RefundAdapter | null; manual: boolean } {
  if (environment === "sandbox") return { adapter: null, manual: false };
  const adapter = liveRefundAdapter(gatewayName);
  return { adapter, manual: adapter === null };
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
