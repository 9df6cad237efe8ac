import { afterEach, beforeEach, expect } from "vitest";
import { db } from "@/lib/core/db/client";
import { reconcile } from "@/lib/features/ledger/reconcile";
import { newMerchant } from "./fixtures";
import { expectLedgerBalanced } from "./ledger-invariant";

/** The support check finds nothing wrong in one merchant's books (others may share the database). */
export async function expectReconciled(merchantId: string) {
  expect(await reconcile(db(), { merchantId })).toEqual([]);
}

type Merchant = Awaited<ReturnType<typeof newMerchant>>;

/**
 * A new merchant for each test of the file, whose books must reconcile after the test, with the
 * whole ledger balanced: the money-safety scenarios end on both checks. Read it through the getter.
 */
export function merchantCheckedAfterEach(): () => Merchant {
  let merchant: Merchant | undefined;
  beforeEach(async () => {
    merchant = await newMerchant();
  });
  afterEach(async () => {
    await expectReconciled(merchant!.id);
    await expectLedgerBalanced();
  });
  return () => merchant!;
}
