import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations, hydrated, message, signInAsMember, signUpVerifiedOwner } from "../dashboard-helpers";
import { auth, e2eMerchant } from "../helpers";

// Page-level BOLA: a member of another merchant (B) requests every dashboard page and route with
// the E2E merchant's (A's) references and ids, and posts A's ids through B's own forms (the server
// actions as the pages post them): each answers 404 or shows nothing of A.
test.use({ locale: "en-GB" });

const port = Number(process.env.E2E_PORT ?? 3210);

/** Puts `value` into a form's hidden field, then submits it as the user would. */
async function submitWith(form: Locator, field: string, value: string, button: string) {
  await form.locator(`input[name="${field}"]`).evaluate((input, v) => ((input as HTMLInputElement).value = v), value);
  await form.getByRole("button", { name: button, exact: true }).click();
}

/** A test event sent from the developers page; its delivery's id once the log lists it with a replay form. */
async function sendTestEvent(page: Page): Promise<string> {
  await page.goto("/test/dashboard/developers");
  // Nothing listens there (a port e2e/serve.ts lets through the SSRF guard): the delivery fails, and is logged.
  await page.getByLabel("HTTPS URL of your receiver").fill(`https://127.0.0.1:${port + 14}/isolation`);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText("Test event queued")).toBeVisible();
  const replayId = page.locator('input[name="deliveryId"]').first();
  await expect(async () => {
    await page.reload();
    await expect(replayId).toBeAttached({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  return replayId.getAttribute("value") as Promise<string>;
}

test("a member of another merchant reaches nothing of A's through any dashboard page, route or action", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const merchant = e2eMerchant();

  // A: the E2E merchant's owner makes a sandbox link, a deposit, a delivery; notes a key's id.
  const a = await (await browser.newContext()).newPage();
  await signInAsMember(a);
  await a.goto("/test/dashboard/links/new");
  await a.getByLabel("Amount").fill("5000");
  await a.getByLabel("Currency").selectOption("XOF");
  await a.getByLabel("What is it for?").fill("Isolation check");
  await a.getByRole("button", { name: "Create the link" }).click();
  await expect(a).toHaveURL(/\/test\/dashboard\/links\/LINK_TEST_[0-9A-Z]{26}\?created=1$/, { timeout: 15_000 });
  const linkRef = /LINK_TEST_[0-9A-Z]{26}/.exec(a.url())![0];
  const deposit = await request.post("/test/api/v4/classic/deposit/initiate", {
    headers: auth(merchant.sandboxKey),
    data: { amount: 5000, currency: "XOF", customerPhone: "+2250700000444", country: "CI", gatewayName: "MTN_MOMO_CI" },
  });
  expect(deposit.status()).toBe(200);
  const depositRef = (await deposit.json()).reference as string;
  await a.goto(`/test/dashboard/deposits/${depositRef}`);
  await expect(a.getByText(depositRef).first()).toBeVisible();
  const deliveryId = await sendTestEvent(a);
  const keyId = (await a.locator('input[name="keyId"]').first().getAttribute("value"))!;
  expect(keyId).toBeTruthy();

  // B: a merchant of its own, signed up through its mails.
  const b = await (await browser.newContext()).newPage();
  await signUpVerifiedOwner(b, "Other Shop");

  for (const path of [`/test/dashboard/links/${linkRef}`, `/test/dashboard/links/${linkRef}/qr.png`, `/test/dashboard/links/${linkRef}/qr.svg`, `/test/dashboard/deposits/${depositRef}`, `/dashboard/links/${linkRef}`, `/dashboard/deposits/${depositRef}`]) {
    const res = await b.request.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.text(), path).not.toContain("Isolation check");
  }
  for (const path of ["/test/dashboard/balance/statement.csv", "/test/dashboard/analytics/export.csv", "/dashboard/balance/statement.csv", "/dashboard/analytics/export.csv"]) {
    const res = await b.request.get(path);
    expect(res.status(), path).toBe(200);
    const csv = await res.text();
    expect(csv, path).not.toContain(linkRef);
    expect(csv, path).not.toContain(depositRef);
  }
  for (const [path, ref] of [
    ["/test/dashboard/links", linkRef],
    ["/test/dashboard/deposits", depositRef],
  ] as const) {
    await b.goto(`${path}?q=${ref}`);
    // The search box holds the text; the results hold nothing.
    await expect(b.locator("main").getByText("No results.")).toBeVisible();
    await expect(b.locator("main").getByText(ref)).toHaveCount(0);
    await expect(b.getByRole("link", { name: ref })).toHaveCount(0);
  }

  // B's own forms carrying A's ids: not found, and A's delivery and key are as they were.
  await sendTestEvent(b);
  const replayForm = b.locator('form:has(input[name="deliveryId"])').first();
  await submitWith(replayForm, "deliveryId", deliveryId, "Replay");
  // Not found, in the member's words (apiErrors), never the raw code.
  await expect(replayForm.getByRole("alert")).toHaveText(message("en", "apiErrors.codes.40004"));
  // B's own first key (sign-up makes none), then its revoke form, which asks first, carrying A's key.
  await b.getByRole("button", { name: "Create my key" }).click();
  await b.getByRole("link", { name: "I have copied them" }).click();
  await b.getByRole("button", { name: "Revoke", exact: true }).first().click();
  const revokeForm = b.locator('form:has(input[name="keyId"])').filter({ has: b.getByRole("button", { name: "Yes, revoke the key" }) }).first();
  await submitWith(revokeForm, "keyId", keyId, "Yes, revoke the key");
  await expect(revokeForm.getByRole("alert")).toHaveText(message("en", "apiErrors.codes.40004"));

  await a.goto("/test/dashboard/developers");
  await expect(a.locator(`input[name="keyId"][value="${keyId}"]`).first()).toBeAttached();
  await expectNoAxeViolations(b);
});

test("a viewer's forged 'create a link' post is refused and creates nothing", async ({ browser }) => {
  // The owner's real form post, captured: the same action, body and headers replayed by a viewer.
  const owner = await (await browser.newContext()).newPage();
  await signInAsMember(owner);
  await owner.goto("/test/dashboard/links/new");
  const description = `Forged ${Date.now().toString(36)}`;
  await owner.getByLabel("Amount").fill("700");
  await owner.getByLabel("Currency").selectOption("XOF");
  await owner.getByLabel("What is it for?").fill(description);
  const create = owner.getByRole("button", { name: "Create the link" });
  await hydrated(create);
  const posted = owner.waitForRequest((r) => r.method() === "POST" && r.headers()["next-action"] !== undefined, { timeout: 30_000 });
  await create.click();
  const captured = await posted;
  await expect(owner).toHaveURL(/\/test\/dashboard\/links\/LINK_TEST_/, { timeout: 15_000 });

  const viewer = await (await browser.newContext()).newPage();
  await signInAsMember(viewer, { role: "viewer" });
  const headers = captured.headers();
  const res = await viewer.request.fetch(captured.url(), {
    method: "POST",
    headers: { "next-action": headers["next-action"], "content-type": headers["content-type"], accept: "text/x-component" },
    data: captured.postDataBuffer()!,
  });
  expect(res.status()).toBeLessThan(500);
  expect(await res.text()).toContain("40001");

  await owner.goto(`/test/dashboard/links?q=${encodeURIComponent(description)}`);
  await expect(owner.getByText(description)).toHaveCount(1);
});
