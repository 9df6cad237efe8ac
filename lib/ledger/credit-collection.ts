import type { Prisma } from "@prisma/client";
import type { Environment } from "@/lib/domain/environment";
import { ACCOUNTS } from "./accounts";
import { postEntries } from "./post-entries";

/**
 * A completed deposit or payment link: the customer paid amount + fees; the merchant is credited
 * with the amount, the fees are the platform's.
 */
export async function creditCollection(
  tx: Prisma.TransactionClient,
  collection: {
    kind: "deposit_completed" | "link_completed" | "link_paid_after_expiry";
    merchantId: string;
    environment: Environment;
    currency: string;
    reference: string;
    amountMinor: bigint;
    feesMinor: bigint;
    at: Date;
  },
) {
  await postEntries(tx, {
    merchantId: collection.merchantId,
    environment: collection.environment,
    currency: collection.currency,
    kind: collection.kind,
    reference: collection.reference,
    at: collection.at,
    lines: [
      [ACCOUNTS.world, -(collection.amountMinor + collection.feesMinor)],
      [ACCOUNTS.available, collection.amountMinor],
      [ACCOUNTS.platformFees, collection.feesMinor],
    ],
  });
}
