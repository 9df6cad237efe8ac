import { expect, test } from "@playwright/test";
import { auth, e2eMerchant } from "../helpers";

// REDIRECT deposits in the sandbox: the customer opens `url`, approves or declines on the
// simulated operator page, and lands back on the merchant's returnUrl.
const merchant = e2eMerchant();

for (const decision of ["Approve", "Decline"] as const) {
  test(`${decision} on the simulated operator page`, async ({ page, request, baseURL }) => {
    const res = await request.post("/test/api/v4/classic/deposit/initiate", {
      headers: auth(merchant.sandboxKey),
      data: {
        amount: 1500,
        currency: "XOF",
        customerPhone: "+2250700000444",
        country: "CI",
        gatewayName: "WAVE_CI",
        returnUrl: `${baseURL}/?from=operator`,
      },
    });
    const deposit = await res.json();
    expect(deposit.url).toBe(`${baseURL}/test/sandbox/operator/${deposit.reference}`);

    await page.goto(deposit.url);
    await expect(page.getByText(/no real money|aucun argent réel/i)).toBeVisible();
    await expect(page.getByText(/1[\s,.\u202f]?515/)).toBeVisible(); // amount + fees, no decimals in XOF
    await page.getByRole("button", { name: new RegExp(decision === "Approve" ? "Approve|Approuver" : "Decline|Refuser") }).click();

    const expected = decision === "Approve" ? "completed" : "failed";
    await page.waitForURL((url) => url.searchParams.get("from") === "operator");
    const back = new URL(page.url());
    expect(back.searchParams.get("reference")).toBe(deposit.reference);
    expect(back.searchParams.get("status")).toBe(expected);

    const read = await request.get(`/test/api/v4/deposits/${deposit.reference}`, { headers: auth(merchant.sandboxKey) });
    expect((await read.json()).status).toBe(expected);
  });
}

test("the operator page does not exist outside the sandbox", async ({ page }) => {
  const res = await page.goto("/sandbox/operator/DEP_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K");
  expect(res?.status()).toBe(404);
});
