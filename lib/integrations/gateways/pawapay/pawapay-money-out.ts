import "server-only";
import { randomUUID } from "node:crypto";
import type { GatewayOutcome, MoneyOutForGateway, PayoutAdapter, RefundAdapter } from "@/lib/integrations/gateways/adapter";
import { OperatorNotSentError } from "@/lib/integrations/gateways/operators/operator-errors";
import type { Operation } from "@/lib/integrations/gateways/operators/operator-plugin";
import { initiateWithResend, PAWAPAY_NOT_FOUND_GRACE_MS } from "./pawapay-adapter";
import type { PawapayClient, PawapayRead } from "./pawapay-client";
import { withPawapayFee, type PawapayFees } from "./pawapay-fees";
import { pawapayProviderOf } from "./pawapay-providers";

// pawaPay payouts (POST /v2/payouts) and refunds (POST /v2/refunds, naming the deposit by its
// depositId) behind the money-out seam. The payoutId / refundId (a UUID v4) is stored on the row
// before any call and every resend carries it (DUPLICATE_IGNORED: pawaPay has it). A payout taken
// while its provider is DELAYED waits ENQUEUED at pawaPay until the provider is back: pending,
// never failed, and followed by the status read like any other.

function requestId(item: Pick<MoneyOutForGateway, "reference" | "operatorRequestId">): string {
  if (!item.operatorRequestId) throw new Error(`live ${item.reference} has no pawaPay id`);
  return item.operatorRequestId;
}

/** A read in the seam's words, a completed one with pawaPay's fee for it (the contract's: its answers carry none). */
const moneyOutStatus = (read: PawapayRead, fees: PawapayFees, operation: Operation, gatewayName: string): GatewayOutcome | "not_found" =>
  read.found ? withPawapayFee(read.outcome, fees, operation, gatewayName) : "not_found";

/** Payouts of one gateway (its provider: FREE_SEN for FREE_MONEY_SN...). */
export function createPawapayPayouts(client: PawapayClient, gatewayName: string, fees: PawapayFees = {}): PayoutAdapter {
  const provider = pawapayProviderOf(gatewayName);
  return {
    method: () => "payout",
    newRequestId: () => randomUUID(),
    notFoundGraceMs: PAWAPAY_NOT_FOUND_GRACE_MS,
    async send(transfer) {
      if (!provider) throw new OperatorNotSentError("pawapay", "initiate payout", "invalid_request", `${gatewayName} has no pawaPay provider`);
      await initiateWithResend(
        () =>
          client.initiatePayout({
            id: requestId(transfer),
            amountMinor: transfer.amountMinor,
            currency: transfer.currency,
            phone: transfer.phone,
            provider: provider.provider,
            clientReferenceId: transfer.reference,
          }),
        client.timeoutMs,
        transfer.reference,
      );
      return {};
    },
    status: async (transfer) => moneyOutStatus(await client.getPayout(requestId(transfer)), fees, "payout", gatewayName),
  };
}

/**
 * Refunds of payments pawaPay took: always with the amount (a whole refund names the whole
 * charge), never pawaPay's "the remaining balance" left implicit, so a refund is exactly its row.
 */
export function createPawapayRefunds(client: PawapayClient, fees: PawapayFees = {}): RefundAdapter {
  return {
    method: () => "operator_refund",
    newRequestId: () => randomUUID(),
    notFoundGraceMs: PAWAPAY_NOT_FOUND_GRACE_MS,
    async send(refund) {
      const depositId = refund.payment.operatorRequestId;
      if (!depositId) {
        throw new OperatorNotSentError("pawapay", "initiate refund", "invalid_request", `payment ${refund.payment.reference} has no pawaPay depositId`);
      }
      await initiateWithResend(
        () =>
          client.initiateRefund({
            refundId: requestId(refund),
            depositId,
            amountMinor: refund.amountMinor,
            currency: refund.currency,
            clientReferenceId: refund.reference,
          }),
        client.timeoutMs,
        refund.reference,
      );
      return {};
    },
    status: async (refund) => moneyOutStatus(await client.getRefund(requestId(refund)), fees, "refund", refund.payment.gatewayName),
  };
}
