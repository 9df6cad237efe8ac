import type { Prisma, Refund, Transfer } from "@prisma/client";
import { ACCOUNTS } from "./accounts";
import { postEntries } from "./post-entries";

// The money of a payout or a refund the operator paid after we had released its funds (it had no
// record of it past the follow window: lib/features/money-out/follow-released.ts). The release gave
// the money back (transfer_failed, refund_failed); the operator's success takes it again, out of
// the balance it went back to, as the completion would have out of in flight: the merchant's
// available balance (which may go below zero: the money did leave), or, for a refund the platform
// owes, refunds_due, where a failed one stayed. The operator's fee, if any, is ours, as always.

/** A payout paid late: amount + our fee leave the available balance, the amount (and the operator's fee) for the world. */
export async function postTransferCompletedLate(tx: Prisma.TransactionClient, transfer: Transfer, at: Date, operatorFeeMinor: bigint | null) {
  const fee = operatorFeeMinor && operatorFeeMinor > 0n ? operatorFeeMinor : 0n;
  await postEntries(tx, {
    merchantId: transfer.merchantId,
    environment: transfer.environment,
    currency: transfer.currency,
    kind: "transfer_completed_late",
    reference: transfer.reference,
    at,
    lines: [
      [ACCOUNTS.available, -(transfer.amountMinor + transfer.feesMinor)],
      [ACCOUNTS.world, transfer.amountMinor + fee],
      [ACCOUNTS.platformFees, transfer.feesMinor - fee],
    ],
  });
}

/** A refund paid late: its amount leaves the balance the failure left it in, for the customer. */
export async function postRefundCompletedLate(tx: Prisma.TransactionClient, refund: Refund, at: Date, operatorFeeMinor: bigint | null) {
  const fee = operatorFeeMinor && operatorFeeMinor > 0n ? operatorFeeMinor : 0n;
  await postEntries(tx, {
    merchantId: refund.merchantId,
    environment: refund.environment,
    currency: refund.currency,
    kind: "refund_completed_late",
    reference: refund.reference,
    at,
    lines: [
      [refund.source === "merchant" ? ACCOUNTS.available : ACCOUNTS.refundsDue, -refund.amountMinor],
      [ACCOUNTS.world, refund.amountMinor + fee],
      [ACCOUNTS.platformFees, -fee],
    ],
  });
}
