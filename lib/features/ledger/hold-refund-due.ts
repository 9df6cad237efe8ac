import type { Prisma } from "@prisma/client";
import type { Environment } from "@/lib/core/domain/environment";
import { ACCOUNTS } from "./accounts";
import { postEntries } from "./post-entries";

/**
 * A customer paid for something already paid (a second approved attempt of one link): the money
 * was received (world -(amount + fees)) and is owed back to the customer in full (refunds_due
 * +(amount + fees)). Neither the merchant's balance nor the platform's fees see it; making the
 * refund later posts the reverse.
 */
export async function holdRefundDue(
  tx: Prisma.TransactionClient,
  refund: { merchantId: string; environment: Environment; currency: string; reference: string; amountMinor: bigint; feesMinor: bigint; at: Date },
) {
  const total = refund.amountMinor + refund.feesMinor;
  await postEntries(tx, {
    merchantId: refund.merchantId,
    environment: refund.environment,
    currency: refund.currency,
    kind: "refund_due",
    reference: refund.reference,
    at: refund.at,
    lines: [
      [ACCOUNTS.world, -total],
      [ACCOUNTS.refundsDue, total],
    ],
  });
}
