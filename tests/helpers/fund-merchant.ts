import { expect } from "vitest";
import { call } from "./api-client";
import { waitForSandboxAnswer } from "./fixtures";

/** Credits a sandbox merchant the real way: DIRECT deposits the simulated phone approves. */
export async function fundMerchant(key: string, amounts: number[], deposit: Record<string, unknown> = {}) {
  const references: string[] = [];
  for (const amount of amounts) {
    const res = await call("POST", "/test/api/v4/classic/deposit/initiate", {
      key,
      body: { amount, currency: "XOF", customerPhone: "+2250700000444", country: "CI", gatewayName: "MTN_MOMO_CI", ...deposit },
    });
    expect(res.status).toBe(200);
    references.push(res.body.reference);
  }
  await waitForSandboxAnswer(...references);
  for (const reference of references) {
    const res = await call("GET", `/test/api/v4/deposits/${reference}`, { key });
    expect(res.body.status).toBe("completed");
  }
  return references;
}

/** What a merchant may pay out in a currency, read through the API in the key's environment. */
export async function availableBalance(key: string, currency = "XOF"): Promise<number> {
  const res = await call("GET", `${key.startsWith("sk_test_") ? "/test" : ""}/api/v4/merchant/balance`, { key });
  expect(res.status).toBe(200);
  const balance = (res.body.balances as { currency: string; available: number }[]).find((b) => b.currency === currency);
  expect(balance, `a ${currency} balance`).toBeDefined();
  return balance!.available;
}

/** Live money for a merchant, credited through the ledger as a completed live deposit is (for files whose subject is money out). */
export async function fundLiveMerchant(merchantId: string, amountMinor: bigint, currency = "XOF") {
  const { db } = await import("@/lib/core/db/client");
  const { creditCollection } = await import("@/lib/features/ledger/credit-collection");
  await db().$transaction((tx) =>
    creditCollection(tx, { kind: "deposit_completed", merchantId, environment: "live", currency, reference: `DEP_FUND_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`, amountMinor, feesMinor: 0n, at: new Date() }),
  );
}
