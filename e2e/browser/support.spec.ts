import fs from "node:fs";
import https from "node:https";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { auth, e2eMerchant, e2eStaff } from "../helpers";

const merchant = e2eMerchant();
const staff = e2eStaff();
test.use({ locale: "en-GB" });

async function signIn(page: Page, who: "admin" | "support") {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.getByLabel("E-mail").fill(staff[who].email);
  await page.getByLabel("Password").fill(staff[who].password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
}

/** Credits the sandbox balance with a deposit the simulated phone approves (about 2 s). */
async function fundSandbox(request: APIRequestContext, amount = 20000) {
  const deposit = await (
    await request.post("/test/api/v4/classic/deposit/initiate", {
      headers: auth(merchant.sandboxKey),
      data: { amount, currency: "XOF", customerPhone: "+2250700000444", country: "CI", gatewayName: "MTN_MOMO_CI" },
    })
  ).json();
  await expect
    .poll(async () => (await (await request.get(`/test/api/v4/deposits/${deposit.reference}`, { headers: auth(merchant.sandboxKey) })).json()).status, {
      timeout: 15_000,
    })
    .toBe("completed");
}

test("staff sign in, find a payment created through the API and open it", async ({ page, request }) => {
  const link = await (
    await request.post("/test/api/v4/payments/link", {
      headers: auth(merchant.sandboxKey),
      data: { amount: 150.5, currency: "EUR", description: "Support case", customerEmail: "case@example.com" },
    })
  ).json();
  await signIn(page, "support");
  // By the customer's e-mail: an exact reference would open the payment at once (support-staff.spec.ts).
  await page.getByRole("searchbox").fill("case@example.com");
  await page.getByRole("button", { name: "Search" }).click();
  // Money with the currency's decimals, as the customer was asked for it.
  // Each payment found is a card (issue 51: it reads at 360 px).
  await expect(page.locator(".support-result").filter({ hasText: link.reference })).toContainText("150.50 EUR");
  await page.getByRole("link", { name: link.reference }).click();
  await expect(page.getByRole("heading", { name: link.reference })).toBeVisible();
  await expect(page.getByText("payment_link.created")).toBeVisible();
  await expect(page.getByText("case@example.com")).toBeVisible();
});

test("a wrong password is refused on the sign-in page", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByLabel("E-mail").fill(staff.support.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator(".support-error")).toHaveText("Invalid e-mail or password.");
});

test("admins issue a key shown once; support cannot", async ({ page, browser }) => {
  await signIn(page, "admin");
  await page.goto(`/admin/merchants/${merchant.id}`);
  await page.getByRole("button", { name: "New sandbox key" }).click();
  await expect(page.getByRole("status")).toContainText("sk_test_");
  await page.goto("/admin/audit");
  await expect(page.getByRole("cell", { name: "api_key.created" }).first()).toBeVisible();

  const context = await browser.newContext({ locale: "en-GB" });
  const supportPage = await context.newPage();
  await signIn(supportPage, "support");
  await supportPage.goto(`/admin/merchants/${merchant.id}`);
  await expect(supportPage.getByRole("heading", { name: "API keys" })).toBeVisible();
  await expect(supportPage.getByRole("button", { name: "New sandbox key" })).toHaveCount(0);
  await context.close();
});

test("the data endpoints refuse anonymous callers and merchant keys", async ({ request }) => {
  const anonymous = await request.get("/admin/api/links");
  expect(anonymous.status()).toBe(401);
  expect((await anonymous.json()).error.code).toBe(40002);
  const withKey = await request.get("/admin/api/links", { headers: auth(merchant.sandboxKey) });
  expect(withKey.status()).toBe(401);
  expect((await withKey.json()).error.code).toBe(401);
});

test("a failed webhook: seen by support, retried by an admin against a receiver that now answers 200", async ({ page, request, browser }) => {
  test.setTimeout(60_000);
  const port = Number(process.env.E2E_PORT ?? 3210) + 2;
  const tlsDir = path.join(import.meta.dirname, "..", ".state", "tls");
  let answer = 500;
  let received = 0;
  const receiver = https.createServer({ key: fs.readFileSync(path.join(tlsDir, "key.pem")), cert: fs.readFileSync(path.join(tlsDir, "cert.pem")) }, (req, res) => {
    req.resume();
    req.on("end", () => {
      received += 1;
      res.writeHead(answer).end(answer === 200 ? "ok" : "receiver broken");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(port, "127.0.0.1", resolve));
  try {
    const link = await (
      await request.post("/test/api/v4/payments/link", {
        headers: auth(merchant.sandboxKey),
        data: { amount: 5000, currency: "XOF", description: "Webhook case", callbackUrl: `https://127.0.0.1:${port}/hooks`, expiresIn: 5 },
      })
    ).json();
    // The link expires; the runner's first two tries (about 5 s apart) get a 500.
    await expect.poll(() => received, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

    const supportContext = await browser.newContext({ locale: "en-GB" });
    const supportPage = await supportContext.newPage();
    await signIn(supportPage, "support");
    await supportPage.goto(`/admin/payments/${link.reference}`);
    await expect(supportPage.getByText("payment_link.expired →")).toBeVisible();
    await expect(supportPage.getByRole("cell", { name: "500" }).first()).toBeVisible();
    await expect(supportPage.getByRole("button", { name: "Retry delivery" })).toHaveCount(0);
    const { csrfToken } = await (await supportPage.request.get("/admin/api/session")).json();
    const deliveryId = (await (await supportPage.request.get(`/admin/api/payments/${link.reference}`)).json()).webhooks[0].id;
    const refused = await supportPage.request.post(`/admin/api/webhooks/deliveries/${deliveryId}/retry`, { headers: { "x-csrf-token": csrfToken } });
    expect(refused.status()).toBe(403);
    await supportContext.close();

    answer = 200;
    await signIn(page, "admin");
    await page.getByRole("searchbox").fill(link.reference);
    await page.getByRole("button", { name: "Search" }).click();
    // An exact reference opens its payment's page.
    await expect(page).toHaveURL(new RegExp(`/admin/payments/${link.reference}$`));
    await page.getByRole("button", { name: "Retry delivery" }).click();
    await expect(page.getByRole("status")).toHaveText("Retry scheduled");
    await expect
      .poll(async () => {
        await page.reload();
        return page.locator(".support-delivery .badge").first().textContent();
      }, { timeout: 15_000 })
      .toBe("Delivered"); // the staff member's language (support.status), not the raw status
    await expect(page.getByRole("cell", { name: "200" })).toBeVisible();
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});

test("the merchant page charts its analytics, and an admin approves a MANUAL transfer", async ({ page, request }) => {
  test.setTimeout(60_000);
  await fundSandbox(request);
  const created = await request.post("/test/api/v4/transfers/instant", {
    headers: auth(merchant.sandboxKey),
    data: { amount: 1000, currency: "XOF", gatewayName: "TMONEY_TG", beneficiaryPhone: "+22890000444", country: "TG" },
  });
  expect(created.status()).toBe(200);
  const transfer = await created.json();

  await signIn(page, "admin");
  await page.goto(`/admin/merchants/${merchant.id}?env=sandbox&currency=XOF`);
  await expect(page.getByRole("heading", { name: "Last 30 days (sandbox, XOF)" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Payments per day/ })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: transfer.reference });
  await expect(row).toContainText("1,000 F CFA (+15 F CFA)");
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(row).toHaveCount(0);
  const read = await (await request.get(`/test/api/v4/transfers/${transfer.reference}`, { headers: auth(merchant.sandboxKey) })).json();
  expect(read.status).toBe("completed");
  await page.goto("/admin/audit");
  await expect(page.getByRole("cell", { name: "transfer.approve" }).first()).toBeVisible();
});

test("staff find a transfer by its reference, open its detail, and find it in the transfers table", async ({ page, request }) => {
  test.setTimeout(60_000);
  await fundSandbox(request);
  const created = await request.post("/test/api/v4/transfers/instant", {
    headers: auth(merchant.sandboxKey),
    data: { amount: 1000, currency: "XOF", gatewayName: "TMONEY_TG", beneficiaryPhone: "+22890000444", beneficiaryName: "Ama Mensah", country: "TG" },
  });
  expect(created.status()).toBe(200);
  const transfer = await created.json();
  expect(transfer.reference).toMatch(/^TRF_TEST_/);

  // Staff reading is the same for both roles (tests/transfers/support.integration.test.ts checks
  // support's access). The admin signs in here because sign-in allows 5 tries per account every
  // 15 minutes, successes included, and this file already signs the support account in 5 times.
  await signIn(page, "admin");
  // By the beneficiary's phone, the transfers table lists it...
  await page.getByRole("searchbox").fill("+228 90000444");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { name: "Transfers", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: transfer.reference })).toBeVisible();
  // ...and its exact reference opens its page.
  await page.getByRole("searchbox").fill(transfer.reference);
  await page.getByRole("button", { name: "Search" }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/transfers/${transfer.reference}$`));
  await expect(page.getByRole("heading", { name: transfer.reference })).toBeVisible();
  const money = page.locator("dl").first();
  await expect(money.getByText("1,000 F CFA", { exact: true })).toBeVisible();
  await expect(money.getByText("15 F CFA", { exact: true })).toBeVisible();
  await expect(money.getByText("1,015 F CFA", { exact: true })).toBeVisible();
  await expect(page.getByText("Ama Mensah")).toBeVisible();
  await expect(page.getByText("+22890000444")).toBeVisible();
  await expect(page.getByText("transfer.created (MANUAL via TMONEY_TG)")).toBeVisible();
  // Accepted: amount + fees leave the available balance for in flight.
  const ledger = page.getByRole("table").filter({ hasText: "transfer_accepted" });
  await expect(ledger.getByRole("row").filter({ hasText: "merchant_available" })).toContainText("-1,015 F CFA");
  await expect(ledger.getByRole("row").filter({ hasText: "merchant_in_flight" })).toContainText("1,015 F CFA");
  await expect(page.getByText("No webhook for this transfer.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Approve or reject it on the merchant's page." })).toHaveAttribute("href", `/admin/merchants/${merchant.id}?env=sandbox#pending-transfers`);

  await page.getByRole("link", { name: "Transfers", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Transfers", exact: true })).toBeVisible();
  await page.getByLabel("Environment").selectOption("sandbox");
  await page.getByLabel("Status").selectOption("pending");
  await page.getByLabel("Merchant ID").fill(merchant.id);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/transfers\\?environment=sandbox&status=pending&merchantId=${merchant.id}$`));
  await expect(page.getByRole("row").filter({ hasText: transfer.reference })).toContainText("1,000 F CFA");

  await page.getByRole("button", { name: "Français" }).click();
  await expect(page.getByRole("heading", { name: "Transferts", exact: true })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: transfer.reference })).toContainText(/1\s000\sF\sCFA/);
});

test("the language switch returns to the page the staff member is on, filters included, and never off the site", async ({ page, request }) => {
  await signIn(page, "support");
  await page.goto("/admin/links");
  await page.getByLabel("Status").selectOption("pending");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/admin\/links\?status=pending$/);
  await page.getByRole("button", { name: "Français" }).click();
  await expect(page).toHaveURL(/\/admin\/links\?status=pending$/);
  await expect(page.getByRole("heading", { name: "Liens de paiement" })).toBeVisible();

  await page.goto(`/admin/merchants/${merchant.id}?env=sandbox&currency=XOF`);
  await page.getByRole("button", { name: "English" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/merchants/${merchant.id}\\?env=sandbox&currency=XOF$`));
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();

  // The field is the client's to forge: whatever would leave the site goes home instead.
  for (const redirect of ["https://evil.example/", "//evil.example/", "/\\evil.example", "/\t/evil.example"]) {
    const answer = await request.post("/locale", { form: { locale: "en", redirect }, maxRedirects: 0 });
    expect(answer.status()).toBe(303);
    expect(answer.headers().location).toBe("/");
  }
});
