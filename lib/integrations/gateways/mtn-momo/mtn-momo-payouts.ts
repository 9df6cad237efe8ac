import "server-only";
import { randomUUID } from "node:crypto";
import type { PayoutAdapter } from "@/lib/integrations/gateways/adapter";
import { MTN_NOT_FOUND_GRACE_MS } from "./mtn-momo-adapter";
import type { MtnMomoClient } from "./mtn-momo-client";
import { mtnMomoMoneyOutStatus, moneyOutRequestId } from "./mtn-momo-money-out";

// MTN Disbursement behind the payout seam: the transfer's X-Reference-Id is stored with it before
// any call, so sending again (after a crash, a timeout) is safe: MTN answers 409 for a known id.
// The beneficiary receives the transfer's amount; our fees stay with us.

export function createMtnMomoPayouts(client: MtnMomoClient): PayoutAdapter {
  return {
    method: () => "payout",
    newRequestId: () => randomUUID(),
    // MTN may answer 404 for a transfer it queued but does not show yet (docs/operators.md).
    notFoundGraceMs: MTN_NOT_FOUND_GRACE_MS,
    async send(transfer) {
      await client.transfer({
        referenceId: moneyOutRequestId(transfer),
        externalId: transfer.reference,
        amountMinor: transfer.amountMinor,
        currency: transfer.currency,
        phone: transfer.phone,
      });
      return {};
    },
    status: (transfer) => mtnMomoMoneyOutStatus(() => client.transferStatus(moneyOutRequestId(transfer), transfer.currency)),
  };
}
