import { afterEach, beforeEach, expect } from "vitest";
import { db } from "@/lib/core/db/client";
import { call } from "./api-client";
import { newMerchant, validLink } from "./fixtures";
import { expectLedgerBalanced } from "./ledger-invariant";
import { expectReconciled } from "./reconciled";

// The frame of a test file about paying sandbox links: a fresh merchant for each test, its books
// checked after each (reconciled, balanced), and its links, balance and customers. `merchant` is a
// property so a test may put another merchant in its place for a while.

const LINK_CALLBACK = "https://hooks.invalid/payments";

/** `addressBlock`: the second octet of the file's customers' addresses (10.N.x.y), so files never share a rate-limit bucket. */
export function sandboxLinkSuite(addressBlock: number) {
  let ip = 0;
  const suite = {
    merchant: undefined as unknown as Awaited<ReturnType<typeof newMerchant>>,
    /** A new customer's headers: an address of its own. */
    customer: () => ({ "x-forwarded-for": `10.${addressBlock}.${Math.floor(++ip / 250)}.${ip % 250}` }),
    async newLink(extra: Record<string, unknown> = {}) {
      const res = await call("POST", "/test/api/v4/payments/link", { key: suite.merchant.sandboxKey, body: { ...validLink, callbackUrl: LINK_CALLBACK, ...extra } });
      expect(res.status).toBe(200);
      return db().paymentLink.findUniqueOrThrow({ where: { reference: res.body.reference } });
    },
    readLink: async (reference: string) => (await call("GET", `/test/api/v4/payments/link/${reference}`, { key: suite.merchant.sandboxKey })).body,
    balance: async () => (await call("GET", "/test/api/v4/merchant/balance", { key: suite.merchant.sandboxKey })).body.balances,
  };
  beforeEach(async () => {
    suite.merchant = await newMerchant();
  });
  afterEach(async () => {
    await expectReconciled(suite.merchant.id);
    await expectLedgerBalanced();
  });
  return suite;
}
