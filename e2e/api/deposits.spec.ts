import { expect, test } from "@playwright/test";
import { auth, e2eMerchant } from "../helpers";

const merchant = e2eMerchant();
const deposit = { amount: 5000, currency: "XOF", customerPhone: "+2250700000444", country: "CI" };

test("a DIRECT deposit is approved by the simulated phone after about 2 s", async ({ request }) => {
  const res = await request.post("/test/api/v4/classic/deposit/initiate", {
    headers: auth(merchant.sandboxKey),
    data: { ...deposit, gatewayName: "MTN_MOMO_CI" },
  });
  const { reference } = await res.json();
  await expect
    .poll(async () => (await (await request.get(`/test/api/v4/deposits/${reference}`, { headers: auth(merchant.sandboxKey) })).json()).status, {
      timeout: 10_000,
    })
    .toBe("completed");
});

test("an OTP deposit: invoice, then confirmation under a new reference", async ({ request }) => {
  const inv = await (
    await request.post("/test/api/v4/validation/deposit/generate-invoice", {
      headers: auth(merchant.sandboxKey),
      data: { ...deposit, gatewayName: "ORANGE_MONEY_CI" },
    })
  ).json();
  expect(inv.reference).toMatch(/^DEP_INV_TEST_/);
  const confirmed = await request.post("/test/api/v4/validation/deposit/confirm", {
    headers: auth(merchant.sandboxKey),
    data: { trxReference: inv.reference, otp: "123456" },
  });
  const body = await confirmed.json();
  expect(body.reference).toMatch(/^DEP_VALID_TEST_/);
  expect(body.status).toBe("completed");
});
