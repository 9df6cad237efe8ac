import { expect } from "vitest";
import { db } from "@/lib/db/client";
import { reconcile } from "@/lib/ledger/reconcile";

/** The support check finds nothing wrong in one merchant's books (others may share the database). */
export async function expectReconciled(merchantId: string) {
  expect(await reconcile(db(), { merchantId })).toEqual([]);
}
