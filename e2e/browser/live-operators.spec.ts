import fs from "node:fs";
import https from "node:https";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { auth } from "../helpers";
import { merchant, pattern, text } from "../checkout-helpers";

// Issue 15, live mode end to end: e2e/serve.ts starts the three operator fakes (tests/fakes: real
// HTTP servers speaking MTN's, Wave's and Orange's protocols) and points the app at them through
// the documented variables. A live key creates live links; the live checkout (/pay/..., no /test)
// pays them through each operator; the merchant's signed webhooks reach a local HTTPS receiver;
// then a live DIRECT transfer pays out through MTN Disbursement and the live balance shows it.
// One receiver for the file, and the payout needs the links' funds: the tests run in order.
test.describe.configure({ mode: "serial" });
test.use({ locale: "en-GB" });

const locale = "en";
const stateDir = path.join(import.meta.dirname, "..", ".state");
const operators = JSON.parse(fs.readFileSync(path.join(stateDir, "operators.json"), "utf8")) as { mtn: string; wave: string; orange: string };
const port = Number(process.env.E2E_PORT ?? 3210) + 3;
const callbackUrl = `https://127.0.0.1:${port}/hooks`;

type Delivered = { event: string; reference: string; status: string; amount: number; fees?: number };
const received: { headers: Record<string, string>; body: string }[] = [];
const receiver = https.createServer({ key: fs.readFileSync(path.join(stateDir, "tls", "key.pem")), cert: fs.readFileSync(path.join(stateDir, "tls", "cert.pem")) }, (req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    received.push({ headers: req.headers as Record<string, string>, body });
    res.writeHead(204).end();
  });
});
test.beforeAll(() => new Promise<void>((resolve) => receiver.listen(port, "127.0.0.1", resolve)));
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** The merchant's webhooks about one reference, each checked against the merchant's signing secret. */
const webhooks = (reference: string) =>
  received.map((r) => new Webhook(merchant.webhookSecret).verify(r.body, r.headers) as Delivered).filter((e) => e.reference === reference);

async function liveLink(request: APIRequestContext, description: string) {
  const res = await request.post("/api/v4/payments/link", {
    headers: auth(merchant.liveKey),
    data: { amount: 5000, currency: "XOF", description, callbackUrl },
  });
  expect(res.status()).toBe(200);
  const link = (await res.json()) as { reference: string; paymentUrl: string };
  expect(new URL(link.paymentUrl).pathname).toBe(`/pay/${link.reference}`);
  return link;
}

const heading = (page: Page, key: string) => page.getByRole("heading", { name: text(locale, key) });

/** Opens the live checkout, picks the country and the operator, and types the national number. */
async function payWith(page: Page, paymentUrl: string, country: string, provider: RegExp, national: string) {
  await page.goto(paymentUrl);
  await expect(page.getByLabel(text(locale, "country"))).toBeVisible();
  await expect(page.getByText(text(locale, "sandboxBanner"))).toHaveCount(0);
  await page.getByLabel(text(locale, "country")).selectOption(country);
  await page.getByRole("radio", { name: provider }).check();
  await page.getByRole("button", { name: text(locale, "continue") }).click();
  await page.getByLabel(text(locale, "phoneLabel")).fill(national);
  await page.getByRole("button", { name: pattern(locale, "pay") }).click();
}

async function expectPaid(page: Page, request: APIRequestContext, reference: string, gatewayName: string) {
  await expect(heading(page, "final.completedTitle")).toBeVisible({ timeout: 30_000 });
  const read = await request.get(`/api/v4/payments/link/${reference}`, { headers: auth(merchant.liveKey) });
  expect(await read.json()).toMatchObject({ status: "completed", gatewayName });
  await expect.poll(() => webhooks(reference).map((e) => `${e.event} ${e.status}`), { timeout: 20_000 }).toEqual(["payment_link.completed completed"]);
}

test("DIRECT through the MTN fake: the prompt is approved, the checkout polls and shows the link paid", async ({ page, request }) => {
  test.setTimeout(60_000);
  const link = await liveLink(request, "Live MTN");
  await payWith(page, link.paymentUrl, "CI", /MTN Mobile Money/, "0700000444");
  await expect(heading(page, "steps.direct")).toBeVisible();
  await expectPaid(page, request, link.reference, "MTN_MOMO_CI");
});

test("REDIRECT to the Wave fake's page and back: the signed event pays the link", async ({ page, request }) => {
  test.setTimeout(60_000);
  const link = await liveLink(request, "Live Wave");
  await payWith(page, link.paymentUrl, "CI", /Wave/, "0700000444");
  // The checkout sends the browser to the session's wave_launch_url, on the fake.
  await page.waitForURL((url) => url.origin === operators.wave && url.pathname.startsWith("/c/cos-"));
  // Wave is asked for what the customer pays: the link's 5000 XOF plus the fees.
  await expect(page.locator("strong")).toHaveText(/^5\d{3} XOF$/);
  await page.getByRole("button", { name: "Pay with Wave" }).click();
  // Wave's success_url: this live checkout, at the app's address.
  await page.waitForURL((url) => url.pathname === `/pay/${link.reference}` && !url.origin.includes(operators.wave));
  await expectPaid(page, request, link.reference, "WAVE_CI");
});

test("OTP through the Orange fake: the customer's own payment code pays the link", async ({ page, request }) => {
  test.setTimeout(60_000);
  const link = await liveLink(request, "Live Orange");
  await payWith(page, link.paymentUrl, "SN", /Orange Money/, "770000444");
  await expect(heading(page, "steps.otp")).toBeVisible();
  // Orange Senegal: the customer generates the code in Orange's menu, not by SMS from us.
  await expect(page.getByText(pattern(locale, "otpGenerateHint"))).toBeVisible();
  const dialled = await request.post(`${operators.orange}/_customer/770000444/otp`);
  const { otp } = (await dialled.json()) as { otp: string };
  await page.getByLabel(text(locale, "otpGeneratedLabel")).fill(otp);
  await page.getByRole("button", { name: text(locale, "otpSubmit") }).click();
  await expectPaid(page, request, link.reference, "ORANGE_MONEY_SN");
});

test("a live DIRECT transfer pays out through MTN Disbursement: completed, its amount and fees debited once", async ({ request }) => {
  test.setTimeout(60_000);
  const available = async () => {
    const res = await request.get("/api/v4/merchant/balance", { headers: auth(merchant.liveKey) });
    expect(res.status()).toBe(200);
    return ((await res.json()).balances as { currency: string; available: number }[]).find((b) => b.currency === "XOF")?.available ?? 0;
  };
  const before = await available();
  // The three links paid above (5000 XOF each, the fees paid by the customer).
  expect(before).toBeGreaterThanOrEqual(15_000);

  const sent = await request.post("/api/v4/transfers/instant", {
    headers: auth(merchant.liveKey),
    data: { amount: 1000, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: "+2250700000555", country: "CI", callbackUrl },
  });
  expect(sent.status()).toBe(200);
  const transfer = (await sent.json()) as { reference: string; status: string };
  expect(transfer.status).toBe("pending");

  // The runner reads MTN's status on its back-off schedule (first after 5 s).
  await expect
    .poll(async () => (await (await request.get(`/api/v4/transfers/${transfer.reference}`, { headers: auth(merchant.liveKey) })).json()).status, { timeout: 30_000 })
    .toBe("completed");
  await expect.poll(() => webhooks(transfer.reference).map((e) => e.event), { timeout: 20_000 }).toEqual(["transfer.completed"]);
  const [done] = webhooks(transfer.reference);
  expect(done.amount).toBe(1000);
  expect(await available()).toBe(before - 1000 - (done.fees ?? 0));
});
