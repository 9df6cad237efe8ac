import { expect, test, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { createLink, linkStatus, merchant, pattern, text } from "../checkout-helpers";
import { message, signIn, startReceiver } from "../dashboard-helpers";
import { auth, type E2EMerchant } from "../helpers";

// Issue 35: the hosted checkout works with JavaScript off (Opera Mini's data saving, KaiOS, old
// WebViews): each step is a form the server answers, the waiting page refreshes itself. Run by the
// "no-javascript" project (playwright.config.ts: javaScriptEnabled false, desktop, English).
// The last test turns the scripts on but holds them back, as a slow network does: a tap before
// hydration keeps the customer's choice.

const receiptCatalog = JSON.parse(fs.readFileSync("messages/en.json", "utf8")).receipt;
const receiptText = (key: string): string => key.split(".").reduce((node, part) => node[part], receiptCatalog);
const heading = (page: Page, key: string) => page.getByRole("heading", { name: text("en", key) });
const button = (page: Page, key: string) => page.getByRole("button", { name: text("en", key) });

/** The first step without JavaScript: the country (its list drawn by the server), then the method. */
async function chooseMethod(page: Page, country: string, provider: RegExp, gateway: string) {
  const select = page.getByLabel(text("en", "country"));
  if ((await select.inputValue()) !== country) {
    await select.selectOption(country);
    await button(page, "continue").click();
    await expect(page).toHaveURL(new RegExp(`[?&]country=${country}(&|$)`));
  }
  await page.getByRole("radio", { name: provider }).check();
  await button(page, "continue").click();
  await expect(heading(page, "steps.phone")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?country=${country}&gateway=${gateway}&step=phone$`));
}

/** Holds the page's scripts back until the returned function is called, as a slow network does. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/**/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function pay(page: Page, national: string) {
  await page.getByLabel(text("en", "phoneLabel")).fill(national);
  await page.getByRole("button", { name: pattern("en", "pay") }).click();
}

test.describe("with JavaScript off", () => {
  // The waiting page reloads itself every 3 s: a payment is a few page loads on a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test("DIRECT approved: country, method, number, the page waits by itself, paid", async ({ page, request, baseURL }) => {
    const link = await createLink(request, baseURL!);
    await page.goto(link.paymentUrl);
    // Changing the country shows that country's methods (the server draws them): the method
    // still checked is the first country's, which the new one does not offer.
    const country = page.getByLabel(text("en", "country"));
    const other = (await country.inputValue()) === "SN" ? "CI" : "SN";
    await country.selectOption(other);
    await button(page, "continue").click();
    await expect(page).toHaveURL(new RegExp(`\\?country=${other}&step=gateway$`));
    await expect(heading(page, "steps.gateway")).toBeVisible();
    await expect(page.locator(`input[name=gateway][value=ORANGE_MONEY_${other}]`)).toBeVisible();
    const first = other === "SN" ? "CI" : "SN";
    await expect(page.locator(`input[name=gateway][value$=_${first}]`)).toHaveCount(0);

    await chooseMethod(page, "CI", /MTN Mobile Money/, "MTN_MOMO_CI");
    // An invalid number: said on the page, the number kept to correct it.
    await pay(page, "0712");
    await expect(page.getByText(text("en", "phoneInvalid").replace("{dialCode}", "225"))).toBeVisible();
    await expect(page.getByLabel(text("en", "phoneLabel"))).toHaveValue("0712");
    await pay(page, "0700000444");
    await expect(heading(page, "steps.direct")).toBeVisible();
    await expect(page.getByText(pattern("en", "directBody"))).toContainText("+2250700000444");
    await expect(button(page, "checkPayment")).toBeVisible();
    // No click: the page's own refresh brings the answer (the sandbox approves after ~2 s).
    await expect(heading(page, "final.completedTitle")).toBeVisible({ timeout: 20_000 });
    expect(await linkStatus(request, link.reference)).toBe("completed");

    // The receipt (issue 36): this payment's amounts and references, and no way to any other payment.
    await page.getByRole("link", { name: text("en", "final.receipt") }).click();
    await expect(page).toHaveTitle(receiptText("title"));
    // A sandbox receipt cannot pass for proof of payment (issue 51).
    await expect(page.getByRole("heading", { level: 1 })).toContainText("TEST");
    await expect(page.getByRole("note")).toHaveText(receiptText("test"));
    await expect(page.locator(".receipt-lines")).toContainText("+225 07 •• •• •4 44");
    const read = await (await request.get(`/test/api/v4/payments/link/${link.reference}`, { headers: auth(merchant.sandboxKey) })).json();
    const lines = page.locator(".receipt-lines");
    await expect(lines).toContainText(link.reference);
    await expect(lines).toContainText(/DEP_TEST_\w+/);
    await expect(lines).toContainText(receiptText("total"));
    const total = String(5000 + read.fees);
    await expect(lines).toContainText(new RegExp(`${total.slice(0, -3)}\\D?${total.slice(-3)}`));
    // Its links lead to this payment only, and to "was I charged?" (/test/check), which shows nothing
    // without the payment's facts; the share links carry this receipt's address and nothing else's.
    const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
    const [shares, own] = [hrefs.filter((h) => /^(https:\/\/wa\.me\/|sms:)/.test(h)), hrefs.filter((h) => !/^(https:\/\/wa\.me\/|sms:)/.test(h))];
    expect(shares).toHaveLength(2);
    for (const href of shares) expect(decodeURIComponent(href)).toContain(`/test/pay/${link.reference}/receipt`);
    for (const href of own) expect(href).toMatch(new RegExp(`^/test/(pay/${link.reference}(\\?|$)|check$)`));
  });

  test("a link not paid yet has no receipt, and says so", async ({ page, request, baseURL }) => {
    const link = await createLink(request, baseURL!);
    const res = await page.goto(`/test/pay/${link.reference}/receipt`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: receiptText("notPaid.title") })).toBeVisible();
    await expect(page.locator(".receipt-lines")).toHaveCount(0);
    // An unknown reference's receipt is the checkout's 404.
    expect((await page.goto("/test/pay/LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K/receipt"))?.status()).toBe(404);
  });

  test("DIRECT declined, then paid with another number", async ({ page, request, baseURL }) => {
    const link = await createLink(request, baseURL!);
    await page.goto(link.paymentUrl);
    await chooseMethod(page, "CI", /MTN Mobile Money/, "MTN_MOMO_CI");
    await pay(page, "0700000111");
    await expect(heading(page, "steps.direct")).toBeVisible();
    await expect(page.getByRole("heading", { name: text("en", "final.failedTitle") })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(text("en", "final.reasons.declined_by_customer"))).toBeVisible();
    // The three ways on: the same number again, another number, another method.
    await expect(page.getByRole("button", { name: /Try again with MTN Mobile Money \(\+2250700000111\)/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay another way" })).toBeVisible();
    await page.getByRole("button", { name: "Use another number" }).click();
    await expect(heading(page, "steps.phone")).toBeVisible();
    await expect(page.getByLabel(text("en", "phoneLabel"))).toHaveValue("");
    await pay(page, "0700000444");
    await expect(heading(page, "final.completedTitle")).toBeVisible({ timeout: 20_000 });
    expect(await linkStatus(request, link.reference)).toBe("completed");
  });

  test("OTP: a new code, a wrong code (the tries said once), then the right one", async ({ page, request, baseURL }) => {
    const link = await createLink(request, baseURL!);
    await page.goto(link.paymentUrl);
    await chooseMethod(page, "CI", /Orange Money/, "ORANGE_MONEY_CI");
    await pay(page, "0700000444");
    await expect(heading(page, "steps.otp")).toBeVisible();
    await expect(page.getByText(pattern("en", "otpHint"))).toContainText("+2250700000444");
    await expect(button(page, "changeNumber")).toBeVisible();
    await expect(button(page, "changeMethod")).toBeVisible();
    await button(page, "newCode").click();
    await expect(heading(page, "steps.otp")).toBeVisible();
    await expect(page.getByText("5 tries left")).toHaveCount(1);

    await page.getByLabel(text("en", "otpLabel")).fill("000000");
    await button(page, "otpSubmit").click();
    await expect(page.locator(".error[role=alert]")).toContainText("4 tries left");
    await expect(page.getByText(/4 tries left/)).toHaveCount(1);
    await page.getByLabel(text("en", "otpLabel")).fill("123456");
    await button(page, "otpSubmit").click();
    await expect(heading(page, "final.completedTitle")).toBeVisible();
    expect(await linkStatus(request, link.reference)).toBe("completed");
  });

  test("OTP: change the number, or go back to the methods", async ({ page, request, baseURL }) => {
    const link = await createLink(request, baseURL!);
    await page.goto(link.paymentUrl);
    await chooseMethod(page, "CI", /Orange Money/, "ORANGE_MONEY_CI");
    await pay(page, "0700000444");
    await button(page, "changeNumber").click();
    await expect(heading(page, "steps.phone")).toBeVisible();
    await expect(page).toHaveURL(/\?country=CI&gateway=ORANGE_MONEY_CI&step=phone$/);
    await button(page, "back").click();
    await expect(heading(page, "steps.gateway")).toBeVisible();
    await expect(page.getByRole("radio", { name: /Orange Money/ })).toBeChecked();
  });

  test("REDIRECT: the way to the operator's page, approved there, paid", async ({ page, request, baseURL }) => {
    const link = await createLink(request, baseURL!);
    await page.goto(link.paymentUrl);
    await chooseMethod(page, "CI", /Wave/, "WAVE_CI");
    await pay(page, "0700000444");
    await expect(heading(page, "steps.redirect")).toBeVisible();
    await page.getByRole("link", { name: pattern("en", "redirectButton") }).click();
    await page.waitForURL(/\/test\/sandbox\/operator\//);
    await page.getByRole("button", { name: /Approve/ }).click();
    await expect(heading(page, "final.completedTitle")).toBeVisible();
    expect(await linkStatus(request, link.reference)).toBe("completed");
  });

  test("the link expires while the customer is on a step: the expired screen", async ({ page, request, baseURL }) => {
    const created = Date.now();
    const link = await createLink(request, baseURL!, { expiresIn: 10 });
    await page.goto(link.paymentUrl);
    await chooseMethod(page, "CI", /MTN Mobile Money/, "MTN_MOMO_CI");
    // Past its expiresAt, the number typed and "Pay" tapped.
    await page.waitForTimeout(Math.max(0, created + 10_500 - Date.now()));
    await pay(page, "0700000444");
    await expect(heading(page, "final.expiredTitle")).toBeVisible();
    expect(await linkStatus(request, link.reference)).toBe("expired");
  });

  test("an unknown reference: the checkout's own 404, drawn by the server", async ({ page, request, baseURL }) => {
    // Next draws a page's notFound() as an empty shell filled in by scripts (vercel/next.js#62228):
    // proxy.ts answers unknown references before the page, through app/not-found.tsx.
    for (const path of ["/test/pay/LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K", "/pay/LINK_01JD3Z8M6X5V4T3R2Q1P0N9M8K", "/test/pay/%00", "/pay/not-a-reference/"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(heading(page, "notFound.title")).toBeVisible();
      await expect(page.getByText(text("en", "notFound.body"))).toBeVisible();
      await expect(page).toHaveTitle(text("en", "notFound.title"));
    }
    // A sandbox link is unknown to the live checkout.
    const link = await createLink(request, baseURL!);
    expect((await page.goto(`/pay/${link.reference}`))?.status()).toBe(404);
    await expect(heading(page, "notFound.title")).toBeVisible();
  });

  test("a form posted from another site does nothing", async ({ request, baseURL }) => {
    const link = await createLink(request, baseURL!);
    const res = await request.post(`/test/pay/${link.reference}/form`, {
      headers: { origin: "https://evil.example" },
      form: { intent: "pay", country: "CI", gateway: "MTN_MOMO_CI", phone: "0700000444" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(303);
    expect(res.headers().location).toBe(`${baseURL}/test/pay/${link.reference}`);
    expect(await linkStatus(request, link.reference)).toBe("pending");
    const state = await (await request.get(`/test/api/checkout/${link.reference}`)).json();
    expect(state.attempt).toBeNull();
  });
});

test.describe("with JavaScript on but slow to arrive", () => {
  test.use({ javaScriptEnabled: true });

  test("a country or method chosen before hydration but not sent is still chosen once the scripts run", async ({ page, request, baseURL }) => {
    /** Opens a new link's page with its scripts held back; `choose` acts on the server-drawn form, then the scripts run. */
    async function beforeHydration(choose: () => Promise<void>) {
      const link = await createLink(request, baseURL!);
      const release = await holdScripts(page);
      await page.goto(link.paymentUrl, { waitUntil: "commit" });
      await choose();
      release();
      await page.waitForFunction(() => {
        const select = document.querySelector("main form select");
        return !!select && Object.keys(select).some((key) => key.startsWith("__reactProps"));
      });
      await page.unrouteAll();
    }
    const country = page.getByLabel(text("en", "country"));

    let other = "";
    await beforeHydration(async () => {
      other = (await country.inputValue()) === "SN" ? "CI" : "SN";
      await country.selectOption(other);
    });
    await expect(country).toHaveValue(other);
    // The hydrated page offers that country's methods, not the first one's.
    await expect(page.locator(`input[name=gateway][value=ORANGE_MONEY_${other}]`)).toBeVisible();
    await expect(page.locator(`input[name=gateway][value$=_${other === "SN" ? "CI" : "SN"}]`)).toHaveCount(0);

    let picked = "";
    await beforeHydration(async () => {
      const last = page.locator("input[name=gateway]").last();
      picked = (await last.getAttribute("value"))!;
      await last.check();
    });
    await expect(page.locator(`input[name=gateway][value=${picked}]`)).toBeChecked();
  });

  test("the waiting screen moves on to paid by itself while the scripts are still on their way", async ({ page, request, baseURL }) => {
    const link = await createLink(request, baseURL!);
    // The scripts never arrive: the page's own few-line poller (waiting-poller.tsx) reloads it once
    // the payment settles. (The <noscript> refresh does not run where JavaScript is on.)
    await page.route("**/_next/static/**/*.js", () => {});
    await page.goto(link.paymentUrl, { waitUntil: "commit" });
    await chooseMethod(page, "CI", /MTN Mobile Money/, "MTN_MOMO_CI");
    await pay(page, "0700000444");
    await expect(heading(page, "steps.direct")).toBeVisible();
    await expect(heading(page, "final.completedTitle")).toBeVisible({ timeout: 20_000 });
    expect(await linkStatus(request, link.reference)).toBe("completed");
    expect(await page.evaluate(() => Object.keys(document.querySelector("main h1")!).some((key) => key.startsWith("__react")))).toBe(false);
  });

  test("a tap before hydration keeps the country and method; the hydrated page starts from them", async ({ page, request, baseURL }) => {
    const link = await createLink(request, baseURL!);
    // A throttled connection (the bench's 400 kbps / 400 ms), and the page's scripts held until
    // released on top of it, so the taps surely come before hydration, as on a 2G network.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 });
    const release = await holdScripts(page);
    await page.goto(link.paymentUrl, { waitUntil: "commit" });
    await page.getByLabel(text("en", "country")).selectOption("SN");
    await button(page, "continue").click();
    await expect(page).toHaveURL(/\?country=SN&step=gateway$/);
    await page.getByRole("radio", { name: /Free Money/ }).check();
    await button(page, "continue").click();
    await expect(page).toHaveURL(/\?country=SN&gateway=FREE_MONEY_SN&step=phone$/);

    release();
    await page.waitForFunction(() => {
      const pay = document.querySelector("main form button[type=submit]");
      return !!pay && Object.keys(pay).some((key) => key.startsWith("__reactProps"));
    });
    await expect(heading(page, "steps.phone")).toBeVisible();
    await expect(page.getByText("+221", { exact: true })).toBeVisible();
    await expect(page.getByText(pattern("en", "phoneHint"))).toContainText("Free Money");
    // Hydrated: Back is the island's now (no request), and shows Senegal's methods, Free Money chosen.
    await button(page, "back").click();
    await expect(heading(page, "steps.gateway")).toBeVisible();
    await expect(page).toHaveURL(/step=phone$/);
    await expect(page.getByLabel(text("en", "country"))).toHaveValue("SN");
    await expect(page.getByRole("radio", { name: /Free Money/ })).toBeChecked();
  });
});

// Issue 51: a way out of the push prompt's wait, on a small phone in French, without JavaScript.
test.describe("the waiting screen's ways out, at 360 px in French", () => {
  test.use({ viewport: { width: 360, height: 640 }, locale: "fr-FR" });
  test.describe.configure({ timeout: 60_000 });
  const fr = (key: string) => text("fr", key);
  /** From the link's page to MTN's waiting screen in Côte d'Ivoire, the prompt sent to `phone`. */
  const promptOnMtn = async (page: Page, paymentUrl: string, phone: string) => {
    await page.goto(paymentUrl);
    const country = page.getByLabel(fr("country"));
    if ((await country.inputValue()) !== "CI") {
      await country.selectOption("CI");
      await page.getByRole("button", { name: fr("continue") }).click();
    }
    await page.getByRole("radio", { name: /MTN Mobile Money/ }).check();
    await page.getByRole("button", { name: fr("continue") }).click();
    await page.getByLabel(fr("phoneLabel")).fill(phone);
    await page.getByRole("button", { name: pattern("fr", "pay") }).click();
    await expect(page.getByRole("heading", { name: fr("steps.direct") })).toBeVisible();
  };

  test("a wrong number: the customer changes it without waiting, pays, and the reloads back off", async ({ page, request, baseURL }) => {
    const link = await createLink(request, baseURL!);
    // A number whose phone never answers (the sandbox's ...222): the prompt went nowhere.
    await promptOnMtn(page, link.paymentUrl, "0700000222");
    const refresh = page.locator('meta[http-equiv="refresh"]');
    expect(await refresh.getAttribute("content")).toMatch(/^3;url=\/test\/pay\/LINK_TEST_\w+\?step=attempt&wait=1$/);
    // The page's own reload comes back later each time.
    await page.waitForURL(/wait=1$/, { timeout: 10_000 });
    expect(await refresh.getAttribute("content")).toMatch(/^5;url=.*\?step=attempt&wait=2$/);
    const body = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(body).toBeLessThanOrEqual(360);

    await page.getByRole("button", { name: fr("changeNumber") }).click();
    await expect(page.getByRole("heading", { name: fr("steps.phone") })).toBeVisible();
    await expect(page).toHaveURL(/\?country=CI&gateway=MTN_MOMO_CI&step=phone$/);
    await page.getByLabel(fr("phoneLabel")).fill("0700000444");
    await page.getByRole("button", { name: pattern("fr", "pay") }).click();
    await expect(page.getByRole("heading", { name: fr("final.completedTitle") })).toBeVisible({ timeout: 20_000 });
    expect(await linkStatus(request, link.reference)).toBe("completed");
  });

  test("pay another way: back to the methods, the attempt left behind", async ({ page, request, baseURL }) => {
    const link = await createLink(request, baseURL!);
    await page.goto(`${link.paymentUrl}?country=CI&gateway=MTN_MOMO_CI&step=phone`);
    await page.getByLabel(fr("phoneLabel")).fill("0700000222");
    await page.getByRole("button", { name: pattern("fr", "pay") }).click();
    await expect(page.getByRole("heading", { name: fr("steps.direct") })).toBeVisible();
    await page.getByRole("button", { name: fr("payOtherWay") }).click();
    await expect(page.getByRole("heading", { name: fr("steps.gateway") })).toBeVisible();
    await page.getByRole("radio", { name: /Wave/ }).check();
    await page.getByRole("button", { name: fr("continue") }).click();
    await page.getByLabel(fr("phoneLabel")).fill("0700000444");
    await page.getByRole("button", { name: pattern("fr", "pay") }).click();
    // Wave is the sandbox's operator page (REDIRECT): the new attempt is the one the page shows.
    await expect(page.getByRole("heading", { name: fr("steps.redirect") })).toBeVisible();
    const attempts = await request.get(`/test/api/v4/payments/link/${link.reference}`, { headers: auth(merchant.sandboxKey) });
    expect((await attempts.json()).status).toBe("pending");
  });

  test("live MTN: the customer leaves a prompt for another number and pays; approved later, the first is recorded once and goes back to the customer", async ({ page, browser, request }) => {
    test.setTimeout(90_000);
    // e2e/serve.ts: the MTN fake's customer 2250700005151 leaves the prompt on the phone until
    // told to approve it; a shop of its own (e2e/seed.ts), so no other spec's balance moves.
    const state = path.join(import.meta.dirname, "..", ".state");
    const shop = JSON.parse(fs.readFileSync(path.join(state, "counter-merchant.json"), "utf8")) as E2EMerchant & { owner: { email: string; password: string } };
    const mtn = (JSON.parse(fs.readFileSync(path.join(state, "operators.json"), "utf8")) as { mtn: string }).mtn;
    const receiverPort = Number(process.env.E2E_PORT ?? 3210) + 4;
    const receiver = await startReceiver(receiverPort);
    try {
      const created = await request.post("/api/v4/payments/link", {
        headers: auth(shop.liveKey),
        data: { amount: 5000, currency: "XOF", description: "Pagne wax", callbackUrl: `https://127.0.0.1:${receiverPort}/hooks` },
      });
      expect(created.status()).toBe(200);
      const link = (await created.json()) as { reference: string; paymentUrl: string };
      const read = async () => (await (await request.get(`/api/v4/payments/link/${link.reference}`, { headers: auth(shop.liveKey) })).json()) as {
        status: string; completedAt: string; paidAfterExpiry: boolean; attempts: { reference: string; status: string }[];
      };
      const available = async () => {
        const balance = await (await request.get("/api/v4/merchant/balance", { headers: auth(shop.liveKey) })).json();
        return (balance.balances as { currency: string; available: number }[]).find((b) => b.currency === "XOF")?.available ?? 0;
      };

      await promptOnMtn(page, link.paymentUrl, "07 00 00 51 51");
      await expect(page.getByText(fr("directWaysOut"))).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      await page.getByRole("button", { name: fr("changeNumber") }).click();
      await expect(page.getByRole("heading", { name: fr("steps.phone") })).toBeVisible();
      await page.getByLabel(fr("phoneLabel")).fill("0700000444");
      await page.getByRole("button", { name: pattern("fr", "pay") }).click();
      await expect(page.getByRole("heading", { name: fr("final.completedTitle") })).toBeVisible({ timeout: 30_000 });
      const paid = await read();
      expect(paid.status).toBe("completed");
      expect(paid.attempts.map((a) => a.status)).toEqual(["pending", "completed"]);
      const [abandoned] = paid.attempts;
      expect(await available()).toBe(5000);

      // The customer approves the first prompt on the phone, late: MTN calls back, our read of it says SUCCESSFUL.
      const approved = await request.post(`${mtn}/_customer/2250700005151/approve`);
      expect(await approved.json()).toEqual({ approved: 1 });
      await expect.poll(async () => (await read()).attempts.map((a) => a.status), { timeout: 20_000 }).toEqual(["completed", "completed"]);
      // Recorded, not lost: the link stays paid once, by the second attempt, and the merchant is
      // credited once; the first payment is a refund due, given back to the customer at once
      // (lib/features/links/settle-link-attempt.ts, docs/decisions.md "a second approval is a refund due").
      expect(await read()).toMatchObject({ status: "completed", completedAt: paid.completedAt, paidAfterExpiry: false });
      expect(await available()).toBe(5000);
      const events = () =>
        receiver.received.map((r) => JSON.parse(r.body) as { event: string; reference: string; paymentReference?: string; status: string }).filter((e) => e.reference === link.reference || e.paymentReference === link.reference);
      await expect.poll(() => events().map((e) => e.event), { timeout: 30_000 }).toEqual(["payment_link.completed", "refund.completed"]);

      // The shopkeeper sees it on the link's page, on her phone: both attempts paid, the second one given back.
      const shopkeeper = await (await browser.newContext({ viewport: { width: 360, height: 640 }, locale: "fr-FR", javaScriptEnabled: false })).newPage();
      await signIn(shopkeeper, shop.owner.email, shop.owner.password, "fr");
      await expect(shopkeeper).not.toHaveURL(/\/dashboard\/sign-in/, { timeout: 15_000 });
      await shopkeeper.goto(`/dashboard/links/${link.reference}`);
      const attempts = shopkeeper.locator("table", { has: shopkeeper.getByRole("cell", { name: abandoned.reference }) });
      await expect(attempts.getByRole("row", { name: new RegExp(abandoned.reference) })).toContainText(message("fr", "dashboard.status.completed"));
      await expect(attempts.locator("tbody tr")).toHaveCount(2);
      const refunds = shopkeeper.getByRole("region", { name: message("fr", "dashboard.refunds.heading") });
      await expect(refunds.locator("tbody tr")).toHaveCount(1);
      await expect(refunds.locator("tbody tr")).toContainText(message("fr", "dashboard.refunds.automatic.link_already_paid"));
      await expect(refunds.locator("tbody tr")).toContainText(message("fr", "dashboard.refundStatus.completed"));
      expect(await shopkeeper.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await shopkeeper.context().close();
    } finally {
      await receiver.close();
    }
  });
});
