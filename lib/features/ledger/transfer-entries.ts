import type { Prisma, Transfer } from "@prisma/client";
import { ACCOUNTS } from "./accounts";
import { postEntries } from "./post-entries";

// A payout's money as it leaves pending (its acceptance moved amount + fees from available to in
// flight: create-transfer.ts). Completed pays the beneficiary and the platform's fee out of in
// flight, and the operator's own fee for the payout (Wave's) out of the platform's fee; failed
// gives amount + fees back to the merchant's available balance.

type TransferMoney = Pick<Transfer, "merchantId" | "environment" | "currency" | "reference" | "amountMinor" | "feesMinor">;

export async function postTransferFinal(tx: Prisma.TransactionClient, transfer: TransferMoney, to: "completed" | "failed", at: Date, operatorFeeMinor: bigint | null) {
  const total = transfer.amountMinor + transfer.feesMinor;
  await postEntries(tx, {
    merchantId: transfer.merchantId,
    environment: transfer.environment,
    currency: transfer.currency,
    kind: `transfer_${to}`,
    reference: transfer.reference,
    at,
    lines:
      to === "completed"
        ? [
            [ACCOUNTS.inFlight, -total],
            // The operator's fee leaves the platform's wallet with the payout: our fee, net of it.
            [ACCOUNTS.world, transfer.amountMinor + (operatorFeeMinor ?? 0n)],
            [ACCOUNTS.platformFees, transfer.feesMinor - (operatorFeeMinor ?? 0n)],
          ]
        : [
            [ACCOUNTS.inFlight, -total],
            [ACCOUNTS.available, total],
          ],
  });
}
