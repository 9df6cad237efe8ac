import fs from "node:fs";
import https from "node:https";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { choose, text } from "../checkout-helpers";
import { expectNoAxeViolations, signInAsMember } from "../dashboard-helpers";
import { auth } from "../helpers";

// The merchant dashboard in a real Chromium, at desktop size and at 360 px (the mobile project):
// a shopkeeper makes a payment link from the form, shares it, the customer pays it on the sandbox
// checkout, and the merchant sees it paid with its webhook delivery, and replays that delivery.
test.use({ locale: "en-GB" });

const tlsDir = path.join(import.meta.dirname, "..", ".state", "tls");

/** An HTTPS receiver on a port of this project's own (e2e/serve.ts lets +4 and +5 through the SSRF guard). */
async function startReceiver(port: number) {
  const received: { body: string }[] = [];
  const server = https.createServer({ key: fs.readFileSync(path.join(tlsDir, "key.pem")), cert: fs.readFileSync(path.join(tlsDir, "cert.pem")) }, (req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ body });
      res.writeHead(200).end("thanks");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function newLinkFromForm(page: Page, description: string, callbackUrl?: string) {
  await page.goto("/test/dashboard");
  await page.getByRole("link", { name: "New payment link" }).click();
  await expect(page.getByRole("heading", { name: "New payment link" })).toBeVisible();
  await page.getByLabel("Amount").fill("5000");
  await page.getByLabel("Currency").selectOption("XOF");
  await page.getByLabel("What is it for?").fill(description);
  if (callbackUrl) {
    await page.getByText("For developers").click();
    await page.getByLabel(/Webhook URL/).fill(callbackUrl);
  }
  await page.getByRole("button", { name: "Create the link" }).click();
  await expect(page).toHaveURL(/\/test\/dashboard\/links\/LINK_TEST_[0-9A-Z]{26}\?created=1$/, { timeout: 15_000 });
  return /LINK_TEST_[0-9A-Z]{26}/.exec(page.url())![0];
}

test("form -> QR page -> paid on the sandbox checkout -> completed in the list -> webhook delivered -> replayed", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const port = Number(process.env.E2E_PORT ?? 3210) + (testInfo.project.name === "mobile" ? 5 : 4);
  const receiver = await startReceiver(port);
  try {
    await signInAsMember(page);
    await page.goto("/test/dashboard");
    await expect(page.getByText(/^Test mode: you are looking at sandbox data/)).toBeVisible();
    await expectNoAxeViolations(page);

    const description = `Dashboard cake ${Date.now()} ${testInfo.project.name}`;
    await page.goto("/test/dashboard/links/new");
    await expectNoAxeViolations(page);
    // The API's own rule and code, on the form: XOF has no decimals.
    await page.getByLabel("Amount").fill("10.5");
    await page.getByLabel("What is it for?").fill("x");
    await page.getByRole("button", { name: "Create the link" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "40010" })).toContainText("amount");

    const reference = await newLinkFromForm(page, description, `https://127.0.0.1:${port}/hooks`);
    await expect(page.getByRole("heading", { name: `Payment link ${reference}` })).toBeVisible();
    await expect(page.getByText("Your payment link is ready")).toBeVisible();
    await expectNoAxeViolations(page);
    const paymentUrl = (await page.locator(".dash-url").textContent())!;
    expect(paymentUrl).toMatch(new RegExp(`/test/pay/${reference}$`));

    // The QR code, drawn and downloadable; share links carry the payment URL.
    await expect(page.getByRole("img", { name: "QR code of the payment link" })).toBeVisible();
    const png = await page.request.get(`/test/dashboard/links/${reference}/qr.png`);
    expect([png.status(), png.headers()["content-type"]]).toEqual([200, "image/png"]);
    expect((await png.body()).subarray(1, 4).toString()).toBe("PNG");
    const svg = await page.request.get(`/test/dashboard/links/${reference}/qr.svg`);
    expect(await svg.text()).toContain("<svg");
    expect(await page.getByRole("link", { name: "WhatsApp" }).getAttribute("href")).toContain(`https://wa.me/?text=`);
    expect(decodeURIComponent((await page.getByRole("link", { name: "WhatsApp" }).getAttribute("href"))!)).toContain(paymentUrl);
    expect(await page.getByRole("link", { name: "SMS" }).getAttribute("href")).toMatch(/^sms:/);
    expect(await page.getByRole("link", { name: "E-mail" }).getAttribute("href")).toMatch(/^mailto:/);
    await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();

    // The customer pays it.
    await page.goto(paymentUrl);
    await choose(page, "en", /MTN Mobile Money/, "0700000444");
    await expect(page.getByRole("heading", { name: text("en", "final.completedTitle") })).toBeVisible({ timeout: 20_000 });

    // The merchant finds it paid, by a filter on status and a search on the description.
    await page.goto(`/test/dashboard/links?status=completed&q=${encodeURIComponent(description)}`);
    const row = page.getByRole("row").filter({ hasText: reference });
    await expect(row).toContainText("Completed");
    await expect(row).toContainText("5,000 XOF");
    await expectNoAxeViolations(page);
    await row.getByRole("link", { name: reference }).click();

    // Its webhook, delivered to the receiver, is in the log; replay sends the same event again.
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    await page.reload();
    const delivery = page.getByRole("region", { name: `payment_link.completed ${reference}` }).first();
    await expect(delivery).toContainText("Delivered");
    await expect(delivery).toContainText("HTTP status: 200");
    await expect(delivery).toContainText("thanks");
    await expectNoAxeViolations(page);
    const before = receiver.received.length;
    await delivery.getByRole("button", { name: "Replay" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Sent again" })).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(before);
    expect(JSON.parse(receiver.received.at(-1)!.body)).toMatchObject({ event: "payment_link.completed", reference });
  } finally {
    await receiver.close();
  }
});

test("the live dashboard does not show a sandbox link, and the switch changes environment", async ({ page }) => {
  await signInAsMember(page);
  const reference = await newLinkFromForm(page, `Sandbox only ${Date.now()}`);
  const live = await page.goto(`/dashboard/links/${reference}`);
  expect(live?.status()).toBe(404);
  await page.goto("/dashboard/links");
  await expect(page.getByText(/^Test mode/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: reference })).toHaveCount(0);
  await page.getByRole("link", { name: "Switch to test mode" }).click();
  await expect(page).toHaveURL(/\/test\/dashboard\/links$/);
  await expect(page.getByRole("link", { name: reference })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a viewer sees links but cannot create links or keys", async ({ page }) => {
  await signInAsMember(page, { role: "viewer" });
  await page.goto("/test/dashboard/links");
  await expect(page.getByRole("heading", { name: "Payment links" })).toBeVisible();
  await expect(page.getByRole("link", { name: "New payment link" })).toHaveCount(0);
  await page.goto("/test/dashboard/links/new");
  await expect(page.getByRole("alert").filter({ hasText: "Your role does not allow this action." })).toBeVisible();
  await page.goto("/test/dashboard/developers");
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create the key" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Regenerate" })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("regenerate a key: the old one works during the overlap and is refused once it ends", async ({ page }) => {
  await signInAsMember(page, { role: "developer" });
  await page.goto("/test/dashboard/developers");
  const name = `E2E key ${Date.now()}`;
  const newKey = page.getByRole("region", { name: "New key" });
  await newKey.getByLabel("Name").fill(name);
  await newKey.getByRole("button", { name: "Create the key" }).click();
  const first = (await newKey.getByTestId("shown-once").textContent())!;
  expect(first).toMatch(/^sk_test_/);
  const balance = (key: string) => page.request.get("/test/api/v4/merchant/balance", { headers: auth(key) }).then((r) => r.status());
  expect(await balance(first)).toBe(200);
  await expectNoAxeViolations(page);

  await page.reload();
  const card = page.getByRole("region", { name });
  await expect(card).toContainText(first.slice(0, 14));
  await card.getByLabel("Old key keeps working for").selectOption("3600");
  await card.getByRole("button", { name: "Regenerate" }).click();
  const second = (await card.getByTestId("shown-once").textContent())!;
  expect(second).toMatch(/^sk_test_/);
  expect(second).not.toBe(first);
  // Within the overlap both work.
  expect([await balance(first), await balance(second)]).toEqual([200, 200]);

  // Regenerating the new key with no overlap ends it at once: refused with 401.
  await page.reload();
  const current = page.getByRole("region", { name }).filter({ hasText: second.slice(0, 14) });
  await current.getByLabel("Old key keeps working for").selectOption("0");
  await current.getByRole("button", { name: "Regenerate" }).click();
  const third = (await current.getByTestId("shown-once").textContent())!;
  await expect.poll(() => balance(second)).toBe(401);
  expect(await balance(third)).toBe(200);
  expect(await balance(first)).toBe(200);
});

test("French and English", async ({ page }) => {
  await signInAsMember(page);
  await page.goto("/test/dashboard/links");
  await page.getByRole("button", { name: "Français" }).click();
  await expect(page.getByRole("heading", { name: "Liens de paiement" })).toBeVisible();
  await expect(page).toHaveURL(/\/test\/dashboard\/links$/);
  await expect(page.getByText(/^Mode test/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Payment links" })).toBeVisible();
});

test("request a withdrawal from the balance page and follow its status; statement as CSV", async ({ page, request }) => {
  test.setTimeout(60_000);
  // Sandbox money, the real way: a DIRECT deposit the simulated phone approves.
  const merchant = (await import("../helpers")).e2eMerchant();
  const deposit = await (
    await request.post("/test/api/v4/classic/deposit/initiate", {
      headers: auth(merchant.sandboxKey),
      data: { amount: 20000, currency: "XOF", customerPhone: "+2250700000444", country: "CI", gatewayName: "MTN_MOMO_CI" },
    })
  ).json();
  await expect
    .poll(async () => (await (await request.get(`/test/api/v4/deposits/${deposit.reference}`, { headers: auth(merchant.sandboxKey) })).json()).status, { timeout: 15_000 })
    .toBe("completed");

  await signInAsMember(page, { role: "admin" });
  await page.goto("/test/dashboard/deposits");
  await expect(page.getByRole("link", { name: deposit.reference })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/test/dashboard/balance");
  await expect(page.getByRole("region", { name: "XOF" })).toContainText("Available");
  const form = page.getByRole("region", { name: "Withdraw to a mobile-money account" });
  await form.getByLabel("Amount").fill("1000");
  await form.getByLabel("Currency").selectOption("XOF");
  await form.getByLabel("Withdrawal gateway").selectOption("MTN_MOMO_CI");
  await form.getByLabel("Country").selectOption("CI");
  await form.getByLabel("Beneficiary phone").fill("+2250700000555");
  await expectNoAxeViolations(page);
  await form.getByRole("button", { name: "Request the withdrawal" }).click();
  await expect(form.getByRole("status")).toContainText(/Withdrawal TRF_TEST_\w+ requested/);
  const reference = /TRF_TEST_\w+/.exec((await form.getByRole("status").textContent())!)![0];
  await expect.poll(async () => {
    await page.reload();
    return page.getByRole("table", { name: "Withdrawals" }).getByRole("row").filter({ hasText: reference }).textContent();
  }, { timeout: 20_000 }).toContain("Completed");

  const csv = await page.request.get("/test/dashboard/balance/statement.csv");
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toBe("createdAt,reference,kind,account,currency,amount,journalId");
  expect(lines.some((line) => line.includes(reference))).toBe(true);

  await page.goto("/test/dashboard/analytics");
  await expect(page.getByRole("heading", { name: "XOF" })).toBeVisible();
  await expectNoAxeViolations(page);
  const analytics = await page.request.get("/test/dashboard/analytics/export.csv");
  expect((await analytics.text()).split("\r\n")[0]).toBe("section,currency,date_or_gateway,created,completed,completedVolume,feesCollected");
});

test("settings: the checkout language, and support contacts shown on the checkout when a payment fails", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  // It changes the shared e2e merchant's contacts (and clears them at the end): one project runs it.
  test.skip(testInfo.project.name === "mobile", "one run is enough: it changes the merchant's settings");
  await signInAsMember(page, { role: "owner" });
  await page.goto("/test/dashboard/settings");
  await expectNoAxeViolations(page);
  const form = page.getByRole("region", { name: "Your business on the checkout" });
  await form.getByLabel(/Support phone/).fill("+2250700000999");
  await form.getByLabel("Support e-mail").fill("help@e2e.example");
  await form.getByLabel(/^Logo/).setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"),
  });
  await form.getByLabel(/Checkout language/).selectOption("en");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(page.getByRole("img", { name: "Current logo" })).toBeVisible();

  const reference = await newLinkFromForm(page, `Declined ${Date.now()}`);
  const paymentUrl = (await page.locator(".dash-url").textContent())!;
  expect(paymentUrl).toContain(reference);
  // A customer whose browser asks for German (which we do not offer) gets the merchant's choice,
  // English, instead of the platform's French; one asking for French still gets French.
  for (const [browserLocale, shown] of [["de-DE", "en"], ["fr-FR", "fr"]] as const) {
    const customer = await page.context().browser()!.newContext({ locale: browserLocale });
    const customerPage = await customer.newPage();
    await customerPage.goto(paymentUrl);
    await expect(customerPage.locator("html")).toHaveAttribute("lang", shown);
    await expect(customerPage.getByText(text(shown, "sandboxBanner"))).toBeVisible();
    await customer.close();
  }
  await page.goto(paymentUrl);
  // A number ending in 111: the simulated phone declines.
  await choose(page, "en", /MTN Mobile Money/, "0700000111");
  await expect(page.getByRole("heading", { name: text("en", "final.failedTitle") })).toBeVisible({ timeout: 20_000 });
  const support = page.getByRole("region", { name: "Need help?" });
  await expect(support.getByRole("link", { name: "+2250700000999" })).toHaveAttribute("href", "tel:+2250700000999");
  await expect(support.getByRole("link", { name: "help@e2e.example" })).toHaveAttribute("href", "mailto:help@e2e.example");

  // Cleared again, so the other checkout tests see the merchant as before.
  await page.goto("/test/dashboard/settings");
  await form.getByLabel(/Support phone/).fill("");
  await form.getByLabel("Support e-mail").fill("");
  await form.getByLabel("Remove the logo").check();
  await form.getByLabel(/Checkout language/).selectOption("");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
});
