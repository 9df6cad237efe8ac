import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { findReceipt } from "@/lib/features/receipts/find-receipt";
import { call } from "../helpers/api-client";
import { newMerchant, validLink } from "../helpers/fixtures";

// Issue 36 part 4: the receipt of a paid link, from the paying attempt: amounts, fees, time and
// references; none for a link not paid, another environment's or an unknown one.

let merchant: Awaited<ReturnType<typeof newMerchant>>;
const customer = { "x-forwarded-for": "10.9.0.2" };

beforeAll(async () => {
  merchant = await newMerchant();
});

async function newLink(amount = 12500) {
  const link = await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: { ...validLink, amount } });
  return link.body.reference as string;
}

const readLink = async (reference: string) => (await call("GET", `/test/api/v4/payments/link/${reference}`, { key: merchant.sandboxKey })).body;

describe("a payment's receipt", () => {
  it("holds the paying attempt's amounts, time, method and references once paid, and nothing before", async () => {
    const reference = await newLink();
    expect(await findReceipt(db(), reference, "sandbox")).toBeNull();

    const started = await call("POST", `/test/api/checkout/${reference}/attempts`, {
      body: { country: "CI", gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000444" },
      headers: customer,
    });
    expect(started.status).toBe(200);
    // The simulated phone answers after SANDBOX_DIRECT_ANSWER_MS; the read settles it once due.
    await expect.poll(async () => (await readLink(reference)).status).toBe("completed");

    const receipt = await findReceipt(db(), reference, "sandbox");
    const deposit = await db().deposit.findFirstOrThrow({ where: { paymentLink: { reference }, status: "completed" } });
    expect(receipt).toMatchObject({
      reference,
      merchantName: merchant.name,
      description: validLink.description,
      currency: "XOF",
      amountMinor: 12500n,
      feesMinor: BigInt((await readLink(reference)).fees),
      gatewayName: "MTN_MOMO_CI",
      provider: expect.stringMatching(/MTN/),
      paymentReference: deposit.reference,
      paymentPage: null,
      payerPhone: "+2250700000444",
      country: "CI",
      environment: "sandbox",
    });
    expect(receipt!.paymentReference).toMatch(/^DEP_TEST_/);
    expect(receipt!.paidAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    // The other environment's checkout knows no such receipt.
    expect(await findReceipt(db(), reference, "live")).toBeNull();
  });

  it("is none for a declined attempt, an unknown or a mangled reference", async () => {
    const reference = await newLink();
    await call("POST", `/test/api/checkout/${reference}/attempts`, {
      body: { country: "CI", gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000111" },
      headers: customer,
    });
    await expect.poll(async () => (await readLink(reference)).status).toBe("failed");
    expect(await findReceipt(db(), reference, "sandbox")).toBeNull();
    expect(await findReceipt(db(), "LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K", "sandbox")).toBeNull();
    expect(await findReceipt(db(), "%00", "sandbox")).toBeNull();
  });
});
