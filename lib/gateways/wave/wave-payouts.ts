import "server-only";
import type { PayoutAdapter } from "@/lib/gateways/live-adapters";
import { gatewayOutcome } from "@/lib/gateways/operators/gateway-outcome";
import type { WaveClient } from "./wave-client";

// Wave payouts behind the payout seam. Our idempotency key towards Wave is the transfer reference
// (stored as the transfer's request id before any call): sending again returns the same payout.
// Once Wave answers, its payout id replaces it, and the status is read by that id.

export function createWavePayouts(client: WaveClient): PayoutAdapter {
  return {
    newRequestId: (transfer) => transfer.reference,
    async send(transfer) {
      const payout = await client.createPayout({
        idempotencyKey: transfer.reference,
        amountMinor: transfer.amountMinor,
        currency: transfer.currency,
        phone: transfer.beneficiaryPhone,
        clientReference: transfer.reference,
      });
      return { operatorRequestId: payout.id };
    },
    async status(transfer) {
      // Still our own reference: Wave's payout id is not known yet, so (re)send by the same key.
      if (!transfer.operatorRequestId || transfer.operatorRequestId === transfer.reference) return "not_found";
      const payout = await client.getPayout(transfer.operatorRequestId);
      const outcome = gatewayOutcome(payout.status);
      // Wave's fee comes on top of what the beneficiary receives, out of our wallet: the ledger books it.
      if (outcome.status === "completed" && payout.feeMinor !== undefined) return { ...outcome, operatorFeeMinor: payout.feeMinor };
      return outcome;
    },
  };
}
