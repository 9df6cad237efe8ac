import "server-only";
import { randomUUID } from "node:crypto";
import type { PayoutAdapter } from "@/lib/gateways/live-adapters";
import { gatewayOutcome } from "@/lib/gateways/operators/gateway-outcome";
import { OperatorRejectedError } from "@/lib/gateways/operators/operator-errors";
import type { MtnMomoClient } from "./mtn-momo-client";

// MTN Disbursement behind the payout seam: the transfer's X-Reference-Id is stored with it before
// any call, so sending again (after a crash, a timeout) is safe: MTN answers 409 for a known id.
// The beneficiary receives the transfer's amount; our fees stay with us.

export function createMtnMomoPayouts(client: MtnMomoClient): PayoutAdapter {
  const requestId = (transfer: { reference: string; operatorRequestId: string | null }) => {
    if (!transfer.operatorRequestId) throw new Error(`live transfer ${transfer.reference} has no X-Reference-Id`);
    return transfer.operatorRequestId;
  };
  return {
    newRequestId: () => randomUUID(),
    async send(transfer) {
      await client.transfer({
        referenceId: requestId(transfer),
        externalId: transfer.reference,
        amountMinor: transfer.amountMinor,
        currency: transfer.currency,
        phone: transfer.beneficiaryPhone,
      });
      return {};
    },
    async status(transfer) {
      try {
        return gatewayOutcome(await client.transferStatus(requestId(transfer)));
      } catch (error) {
        if (error instanceof OperatorRejectedError && error.httpStatus === 404) return "not_found";
        throw error;
      }
    },
  };
}
