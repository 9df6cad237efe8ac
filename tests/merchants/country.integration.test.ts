import { describe, expect, it } from "vitest";
import { findCheckoutLink } from "@/lib/features/checkout/get-checkout-link";
import { db } from "@/lib/core/db/client";
import { createMerchant } from "@/lib/features/merchants/create-merchant";
import { call } from "../helpers/api-client";
import { validLink } from "../helpers/fixtures";

// The merchant's country is the checkout's second choice of country (after the customer's own
// browser region): it must be stored as an ISO code and reach the page's link lookup.
describe("a merchant's country", () => {
  it("is stored upper-cased and reaches the checkout's link", async () => {
    const merchant = await createMerchant(db(), { name: `Dakar shop ${Date.now()}`, country: "sn" });
    expect((await db().merchant.findUniqueOrThrow({ where: { id: merchant.id } })).country).toBe("SN");
    const created = await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: validLink });
    expect(created.status).toBe(200);
    const link = await findCheckoutLink(db(), created.body.reference, "sandbox");
    expect(link?.merchant).toMatchObject({ name: merchant.name, country: "SN" });
  });

  it("is optional, and refused when it is not an ISO country code", async () => {
    const without = await createMerchant(db(), { name: `No country ${Date.now()}` });
    expect((await db().merchant.findUniqueOrThrow({ where: { id: without.id } })).country).toBeNull();
    await expect(createMerchant(db(), { name: "Bad", country: "Senegal" })).rejects.toThrow(/ISO 3166-1/);
  });
});
