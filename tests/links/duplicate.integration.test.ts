import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { duplicatePaymentLink } from "@/lib/features/links/duplicate-payment-link";
import { contractErrorOf } from "../helpers/contract-error";
import { call } from "../helpers/api-client";
import { newMerchant } from "../helpers/fixtures";

// Issue 28: "Duplicate link" on the dashboard makes a new link for the next customer from an
// existing one, through the same schema and create code as the API (the permission, links:create,
// is checked by tests/dashboard/roles.integration.test.ts's matrix).

let merchant: Awaited<ReturnType<typeof newMerchant>>;
let other: Awaited<ReturnType<typeof newMerchant>>;
beforeAll(async () => {
  [merchant, other] = await Promise.all([newMerchant(), newMerchant()]);
});
const sandbox = () => ({ merchantId: merchant.id, environment: "sandbox" as const });

async function apiLink(body: Record<string, unknown>) {
  const res = await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body });
  expect(res.status).toBe(200);
  return db().paymentLink.findUniqueOrThrow({ where: { reference: res.body.reference } });
}

describe("duplicating a payment link", () => {
  it("copies amount, currency, description, callbackUrl, returnUrl and lifetime; not the customer nor the metadata", async () => {
    const source = await apiLink({
      amount: 150.25,
      currency: "EUR",
      description: "Tissu wax, 6 yards",
      customerName: "Awa",
      customerPhone: "+2250700000444",
      callbackUrl: "https://shop.example/hooks",
      returnUrl: "https://shop.example/thanks",
      metadata: { orderId: "A-1" },
      expiresIn: 3600,
    });
    const copy = await duplicatePaymentLink(db(), sandbox(), source.reference);
    expect(copy.reference).not.toBe(source.reference);
    expect(copy.reference).toMatch(/^LINK_TEST_/);
    expect(copy).toMatchObject({
      merchantId: merchant.id,
      environment: "sandbox",
      status: "pending",
      amountMinor: 15025n,
      currency: "EUR",
      description: "Tissu wax, 6 yards",
      callbackUrl: "https://shop.example/hooks",
      returnUrl: "https://shop.example/thanks",
      customerName: null,
      customerPhone: null,
      metadata: null,
      paidByDepositId: null,
    });
    expect(copy.expiresAt.getTime() - copy.createdAt.getTime()).toBe(3600_000);
    // The API reads the copy like any link.
    const read = await call("GET", `/test/api/v4/payments/link/${copy.reference}`, { key: merchant.sandboxKey });
    expect(read.body).toMatchObject({ status: "pending", amount: 150.25, currency: "EUR", attempts: [] });
  });

  it("duplicates a failed or completed link as a fresh pending one", async () => {
    const source = await apiLink({ amount: 5000, currency: "XOF", description: "Paid once" });
    await db().paymentLink.update({ where: { id: source.id }, data: { status: "completed", completedAt: new Date(), feesMinor: 75n } });
    const copy = await duplicatePaymentLink(db(), sandbox(), source.reference);
    expect(copy).toMatchObject({ status: "pending", amountMinor: 5000n, feesMinor: null, completedAt: null });
  });

  it("finds only the member's own links, in the dashboard's environment (404/40004 otherwise)", async () => {
    const source = await apiLink({ amount: 5000, currency: "XOF", description: "Mine" });
    for (const scope of [{ merchantId: other.id, environment: "sandbox" as const }, { merchantId: merchant.id, environment: "live" as const }]) {
      const error = await duplicatePaymentLink(db(), scope, source.reference).catch((e: unknown) => e);
      expect(contractErrorOf(error).code).toBe(40004);
    }
    expect(await db().paymentLink.count({ where: { merchantId: other.id } })).toBe(0);
  });

  it("meets today's limits: a sandbox-only lifetime is refused in live with the API's error, nothing written", async () => {
    const source = await apiLink({ amount: 5000, currency: "XOF", description: "Short", expiresIn: 5 });
    // The same link in live (as if the rules were those of live): 5 s is below live's minimum.
    await db().paymentLink.update({ where: { id: source.id }, data: { environment: "live" } });
    const before = await db().paymentLink.count({ where: { merchantId: merchant.id } });
    const error = await duplicatePaymentLink(db(), { merchantId: merchant.id, environment: "live" }, source.reference).catch((e: unknown) => e);
    expect(contractErrorOf(error).code).toBe(40023);
    expect(contractErrorOf(error).details).toMatch(/expiresIn/);
    expect(await db().paymentLink.count({ where: { merchantId: merchant.id } })).toBe(before);
  });
});
