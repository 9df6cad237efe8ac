import "server-only";
import { randomUUID } from "node:crypto";
import type { RefundAdapter } from "@/lib/integrations/gateways/adapter";
import { OperatorNotSentError } from "@/lib/integrations/gateways/operators/operator-errors";
import { MTN_NOT_FOUND_GRACE_MS } from "./mtn-momo-adapter";
import type { MtnMomoClient } from "./mtn-momo-client";
import { mtnMomoMoneyOutStatus, moneyOutRequestId } from "./mtn-momo-money-out";

// MTN's refund (Disbursement, Refund-V1: POST /disbursement/v1_0/refund, read by GET
// /disbursement/v1_0/refund/{id}; docs/operators.md): it names the request-to-pay it gives back
// by that payment's X-Reference-Id, and MTN pays its payer from our Disbursement account. Whole or
// part of the payment: MTN documents no rule against a partial refund. Its own X-Reference-Id is
// stored on the refund before any call, so a resend after an unknown outcome is the same refund
// (MTN answers 409), and the money-out engine looks it up before anything is sent again.

export function createMtnMomoRefunds(client: MtnMomoClient): RefundAdapter {
  return {
    method: () => "operator_refund",
    newRequestId: () => randomUUID(),
    // As for payouts: MTN may not show at once a refund it queued.
    notFoundGraceMs: MTN_NOT_FOUND_GRACE_MS,
    async send(refund) {
      const { operatorRequestId: paymentRequestId } = refund.payment;
      if (!paymentRequestId) {
        throw new OperatorNotSentError("mtn-momo", "refund", "invalid_request", `payment ${refund.payment.reference} has no MTN X-Reference-Id to refund`);
      }
      await client.refund({
        referenceId: moneyOutRequestId(refund),
        externalId: refund.reference,
        amountMinor: refund.amountMinor,
        currency: refund.currency,
        referenceIdToRefund: paymentRequestId,
        message: `Refund of ${refund.payment.reference}`,
        note: refund.reference,
      });
      return {};
    },
    status: (refund) => mtnMomoMoneyOutStatus(() => client.refundStatus(moneyOutRequestId(refund), refund.currency)),
  };
}
