import type { Prisma } from "@prisma/client";
import type { Environment } from "@/lib/core/domain/environment";
import { ACCOUNTS } from "./accounts";
import { postEntriesMany, type Posting } from "./post-entries";

export type Collection = {
  kind: "deposit_completed" | "link_completed" | "link_paid_after_expiry";
  merchantId: string;
  environment: Environment;
  currency: string;
  reference: string;
  amountMinor: bigint;
  feesMinor: bigint;
  at: Date;
};

/** A completed API deposit's collection: credited under the reference the merchant validated, if any. */
export function depositCollection(
  deposit: { merchantId: string; environment: Environment; currency: string; reference: string; validatedReference: string | null; amountMinor: bigint; feesMinor: bigint },
  at: Date,
): Collection {
  const { merchantId, environment, currency, amountMinor, feesMinor } = deposit;
  return { kind: "deposit_completed", merchantId, environment, currency, reference: deposit.validatedReference ?? deposit.reference, amountMinor, feesMinor, at };
}

/**
 * A completed deposit or payment link: the customer paid amount + fees; the merchant is credited
 * with the amount, the fees are the platform's.
 */
export async function creditCollection(tx: Prisma.TransactionClient, collection: Collection) {
  await creditCollections(tx, [collection]);
}

/** Several collections' journals in one statement (a batch of settled deposits). */
export async function creditCollections(tx: Prisma.TransactionClient, collections: Collection[]) {
  await postEntriesMany(tx, collections.map(collectionPosting));
}

function collectionPosting(collection: Collection): Posting {
  return {
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
  };
}
