import type { Prisma, Refund } from "@prisma/client";
import { ACCOUNTS } from "./accounts";
import { postEntries, type Posting } from "./post-entries";
import type { LedgerKind } from "./ledger-kinds";

// A refund's money. A merchant's refund comes out of its available balance: held in flight while
// the operator pays it (as a payout is), then gone to the customer, or back if it failed. A refund
// the platform owes (a second payment of a paid link) was never the merchant's: it leaves the
// refunds_due account it was held in (hold-refund-due.ts), and stays there if it failed, for
// support to send again. An operator's fee for returning it is the platform's cost, as for payouts.

type RefundMoney = Pick<Refund, "merchantId" | "environment" | "currency" | "reference" | "amountMinor" | "source">;

/** A merchant's refund accepted: the amount moves from available to in flight. */
export async function postRefundRequested(tx: Prisma.TransactionClient, refund: RefundMoney, at: Date) {
  const posting = refundRequestedPosting(refund, at);
  if (posting) await postEntries(tx, posting);
}

/** postRefundRequested's journal, for a write in direct SQL (ledger-sql.ts); null for a refund due, which holds nothing more. */
export function refundRequestedPosting(refund: RefundMoney, at: Date): Posting | null {
  if (refund.source !== "merchant") return null;
  return {
    ...journal(refund, "refund_requested", at),
    lines: [
      [ACCOUNTS.available, -refund.amountMinor],
      [ACCOUNTS.inFlight, refund.amountMinor],
    ],
  };
}

/** The operator paid the customer back: the money leaves for the world (with the operator's fee, if any, out of ours). */
export async function postRefundCompleted(tx: Prisma.TransactionClient, refund: RefundMoney, at: Date, operatorFeeMinor: bigint | null) {
  const fee = operatorFeeMinor && operatorFeeMinor > 0n ? operatorFeeMinor : 0n;
  await postEntries(tx, {
    ...journal(refund, "refund_completed", at),
    lines: [
      [refund.source === "merchant" ? ACCOUNTS.inFlight : ACCOUNTS.refundsDue, -refund.amountMinor],
      [ACCOUNTS.world, refund.amountMinor + fee],
      [ACCOUNTS.platformFees, -fee],
    ],
  });
}

/** A merchant's refund failed: its amount goes back to the available balance. A refund due stays held. */
export async function postRefundFailed(tx: Prisma.TransactionClient, refund: RefundMoney, at: Date) {
  if (refund.source !== "merchant") return;
  await postEntries(tx, {
    ...journal(refund, "refund_failed", at),
    lines: [
      [ACCOUNTS.inFlight, -refund.amountMinor],
      [ACCOUNTS.available, refund.amountMinor],
    ],
  });
}

function journal(refund: RefundMoney, kind: LedgerKind, at: Date) {
  return { merchantId: refund.merchantId, environment: refund.environment, currency: refund.currency, kind, reference: refund.reference, at };
}
