import { expect, test, type Locator } from "@playwright/test";
import { message, signInAsMember, startReceiver } from "../dashboard-helpers";
import { auth, e2eMerchant } from "../helpers";
import { expectNoSidewaysScroll } from "../page-fits-phone";

// Issue 48 item 5: the merchant's own view on the developers page, on a 360 px phone in French,
// drawn by the server: a webhook endpoint's success rate, lag and backlog, and a key's requests
// and error rates, from a test event delivered to a receiver and a few API calls.

test.use({ viewport: { width: 360, height: 640 }, locale: "fr-FR", isMobile: true, hasTouch: true });

/** The value (dd) a card's list gives for a label (dt). */
const field = (card: Locator, label: string) => card.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");

const fr = (key: string, values: Record<string, string | number> = {}) => message("fr", `dashboard.developers.${key}`, values);

test("the developers page shows the merchant's webhook and API figures in French on a phone", async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name === "mobile", "sets its own phone viewport");
  const merchant = e2eMerchant();
  const port = Number(process.env.E2E_PORT ?? 3210) + 20 + testInfo.parallelIndex;
  const receiver = await startReceiver(port);
  try {
    // Two API calls with the sandbox key, one refused for its body (a 4xx).
    expect((await request.get("/test/api/v4/payments/link/LINK_TEST_01JZZZZZZZZZZZZZZZZZZZZZZZ", { headers: auth(merchant.sandboxKey) })).status()).toBe(404);
    expect((await request.post("/test/api/v4/payments/link", { headers: auth(merchant.sandboxKey), data: { amount: -1 } })).status()).toBe(400);

    await signInAsMember(page, { locale: "fr" });
    await page.goto("/test/dashboard/developers");
    // Its own address, so the card is this test's whatever other specs deliver meanwhile.
    const url = `https://127.0.0.1:${port}/figures-${Date.now().toString(36)}`;
    await page.getByLabel(fr("testUrl")).fill(url);
    await page.getByRole("button", { name: fr("send"), exact: true }).click();
    await expect(page.getByText(fr("testSent"))).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBeGreaterThan(0);

    const card = page.getByRole("region", { name: url });
    // French puts a narrow no-break space before the sign.
    const success = /^100\s% \(1 sur 1 tentative\)$/;
    await expect(async () => {
      await page.reload();
      await expect(field(card, fr("successRate24h"))).toHaveText(success, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    // Delivered at its first attempt: a lag in ms or s, both quantiles; nothing waiting.
    await expect(field(card, fr("lag24h"))).toHaveText(/^[\d,\s]+ m?s \/ [\d,\s]+ m?s$/);
    await expect(field(card, fr("delivered24h"))).toHaveText("1");
    await expect(field(card, fr("backlog"))).toHaveText("0");
    await expect(field(card, fr("oldestPending"))).toHaveText("—");

    // The sandbox key's card counts its requests of the day (other specs use the key too: at least ours).
    const key = page.getByRole("region", { name: new RegExp(merchant.sandboxKey.slice(0, 14)) });
    await expect(async () => {
      await page.reload();
      const requests = Number(await field(key, fr("requests24h")).innerText({ timeout: 1000 }));
      expect(requests).toBeGreaterThanOrEqual(2);
    }).toPass({ timeout: 15_000 });
    await expect(field(key, fr("clientErrors24h"))).toHaveText(/^\d+ \([\d,]+\s%\)$/);
    await expectNoSidewaysScroll(page, "/test/dashboard/developers");
  } finally {
    await receiver.close();
  }
});
