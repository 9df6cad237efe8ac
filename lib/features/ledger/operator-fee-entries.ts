import type { Deposit, Prisma } from "@prisma/client";
import { ACCOUNTS } from "./accounts";
import { postEntries } from "./post-entries";

/**
 * What the operator charged us for taking a payment (pawaPay's, at our contract's price: it
 * reports none), with the payment's completion: it leaves the platform's wallet out of our fee,
 * never the merchant's money, as an operator's payout fee does (transfer-entries.ts). One journal
 * per payment, under its own reference (a checkout attempt's, whatever its link then does with it).
 */
export async function postDepositOperatorFee(
  tx: Prisma.TransactionClient,
  deposit: Pick<Deposit, "merchantId" | "environment" | "currency" | "reference" | "operatorFeeMinor">,
  at: Date,
) {
  const fee = deposit.operatorFeeMinor;
  if (fee === null || fee <= 0n) return;
  await postEntries(tx, {
    merchantId: deposit.merchantId,
    environment: deposit.environment,
    currency: deposit.currency,
    kind: "operator_fee",
    reference: deposit.reference,
    at,
    lines: [
      [ACCOUNTS.platformFees, -fee],
      [ACCOUNTS.world, fee],
    ],
  });
}
