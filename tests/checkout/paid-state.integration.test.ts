import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/api-client";
import { newMerchant, validLink, waitForSandboxAnswer } from "../helpers/fixtures";

// The checkout's paid screen says what the customer was charged: the state it is drawn from
// carries the amount, the fees recorded on the link and their sum, in the API's major units.

let merchant: Awaited<ReturnType<typeof newMerchant>>;

beforeAll(async () => {
  merchant = await newMerchant();
});

const customer = { "x-forwarded-for": "10.9.0.1" };

describe("the checkout state of a paid link", () => {
  it("carries amount, fees and total once paid, and no fees before", async () => {
    const link = await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: { ...validLink, amount: 12500 } });
    const reference = link.body.reference as string;
    const before = await call("GET", `/test/api/checkout/${reference}`, { headers: customer });
    expect(before.body).toMatchObject({ status: "pending", amount: 12500, fees: null, total: null, currency: "XOF" });

    const started = await call("POST", `/test/api/checkout/${reference}/attempts`, {
      body: { country: "CI", gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000444" },
      headers: customer,
    });
    expect(started.status).toBe(200);
    await waitForSandboxAnswer(reference);
    const after = await call("GET", `/test/api/checkout/${reference}`, { headers: customer });
    const read = await call("GET", `/test/api/v4/payments/link/${reference}`, { key: merchant.sandboxKey });
    expect(read.body.status).toBe("completed");
    expect(read.body.fees).toBeGreaterThan(0);
    expect(after.body).toMatchObject({ status: "completed", amount: 12500, fees: read.body.fees, total: 12500 + read.body.fees, currency: "XOF" });
  });
});
