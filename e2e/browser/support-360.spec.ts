import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { auth, e2eMerchant, e2eStaff } from "../helpers";
import { message } from "../dashboard-helpers";
import { siblingDatabaseUrl } from "../../scripts/fresh-database";
import { seedPageData } from "../page-data";
import { expectFrenchOnly, expectNoSidewaysScroll } from "../page-fits-phone";

// Issue 35: every page of the support view at 360x640 in French, filled with data (a link with
// its attempts, sends and refund, deposits, refunds, payouts): the document never scrolls
// sideways and no English shows. The pages are read from the app tree, so a new one is walked too.

test.use({ viewport: { width: 360, height: 640 }, locale: "fr-FR", isMobile: true, hasTouch: true });
test.setTimeout(300_000);

const consoleDir = path.resolve(import.meta.dirname, "../../app/admin/(console)");

/** The support view's pages as Next serves them: "/admin/payments/[reference]". */
function supportPages(): string[] {
  return fs
    .readdirSync(consoleDir, { recursive: true, encoding: "utf8" })
    .map((relative) => relative.split(path.sep).join("/"))
    .filter((relative) => relative === "page.tsx" || relative.endsWith("/page.tsx"))
    .map((relative) => ["/admin", ...relative.split("/").slice(0, -1).filter((s) => !/^\(.+\)$/.test(s))].join("/"))
    .sort();
}

async function fitsAndFrench(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBeLessThan(500);
  // The lists and details load their rows after the first paint: wait until none is still loading.
  await expect(page.getByText(message("fr", "support.loading"))).toHaveCount(0);
  await expectNoSidewaysScroll(page, url);
  await expectFrenchOnly(page, url);
}

test("every support page fits a 360 px phone, in French, with data", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "mobile", "the walk sets its own phone viewport");
  const data = await seedPageData(page);
  const values: Record<string, string> = {
    "/admin/merchants/[id]": e2eMerchant().id,
    "/admin/payments/[reference]": data.link,
    "/admin/refunds/[reference]": data.refunds[0],
    "/admin/transfers/[reference]": data.transfers[0],
    "/admin/activations/[id]": "act_unknown",
  };
  const staff = e2eStaff().support;
  await page.goto("/admin/login");
  await page.getByLabel(message("fr", "support.login.email")).fill(staff.email);
  await page.getByLabel(message("fr", "support.login.password")).fill(staff.password);
  await page.getByRole("button", { name: message("fr", "support.login.submit") }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/, { timeout: 15_000 });

  const pages = supportPages();
  expect(pages.length).toBeGreaterThan(10);
  for (const route of pages) {
    if (/\[/.test(route) && !values[route]) throw new Error(`${route}: give its dynamic segment a value in support-360.spec.ts`);
    await fitsAndFrench(page, route.replace(/\[[^\]]+\]/, values[route] ?? ""));
  }
  // The search, with a local phone number and with a reference: result lists too.
  await fitsAndFrench(page, `/admin/search?q=${encodeURIComponent("07 00 00 04 44")}`);
  await fitsAndFrench(page, `/admin/payments/${data.deposits[0]}`);
  await fitsAndFrench(page, `/admin/transfers/${data.transfers[1]}`);
});

// Issue 51, item 7: support at the counter's other end, at 360x640 in French, one screenshot per
// part: a staff account made with `staff:create` while the embedded server runs, pages that arrive
// with their data (no "Chargement…"), the search by the link's and the deposit's reference, by
// the operator's transaction id from the customer's SMS, by the number as typed and by the payer's
// name, each result leading to its payment link and to the customer's other attempts, statuses
// and gateways in words. (The demo start's sandbox-only merchant: tests/platform/demo-start.)

const repo = path.resolve(import.meta.dirname, "../..");
const fr = (key: string, values?: Record<string, string | number>) => message("fr", key, values);

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await expectNoSidewaysScroll(page, name);
  await page.screenshot({ path: testInfo.outputPath(`support-counter-${name}.png`), fullPage: true });
}

/** The page as the server sends it, before any script runs: its data is already in it (scripts, which carry the catalogs, left out). */
/** The result card of one payment, by the reference at its head (another card may name it as its link). */
const resultCard = (page: Page, reference: string) => page.locator(".support-result").filter({ has: page.locator(".support-result-head", { hasText: reference }) });

async function servedWithData(page: Page, url: string, data: string) {
  const html = (await (await page.request.get(url)).text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
  expect(html, url).not.toContain(fr("support.loading"));
  expect(html, url).toContain(data);
}

test("support at the counter: the search, its results and the CLI, at 360 px in French", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "mobile", "the walk sets its own phone viewport");
  const merchant = e2eMerchant();
  const api = page.request;

  // A live link paid through the MTN fake: its attempt carries MTN's transaction id.
  const phone = "+2250700000444";
  const payer = `Awa Traoré ${Date.now().toString(36)}`;
  const created = await api.post("/api/v4/payments/link", { headers: auth(merchant.liveKey), data: { amount: 7500, currency: "XOF", description: "Pagne wax", customerName: payer, customerPhone: phone } });
  expect(created.status(), await created.text()).toBe(200);
  const link = (await created.json()).reference as string;
  const attempt = await api.post(`/api/checkout/${link}/attempts`, { data: { gatewayName: "MTN_MOMO_CI", country: "CI", customerPhone: phone } });
  expect(attempt.status(), await attempt.text()).toBeLessThan(300);
  await expect.poll(async () => (await (await api.get(`/api/v4/payments/link/${link}`, { headers: auth(merchant.liveKey) })).json()).status, { timeout: 30_000 }).toBe("completed");

  // 1. staff:create from another terminal while the server runs, on the server's database: the
  // embedded one through the server's socket (it holds the PGlite files), PostgreSQL directly
  // (e2e/serve.ts gives the server a sibling database of DATABASE_URL's, "<name>_e2e").
  const email = `guichet-${Date.now()}@support.example`;
  const password = "une phrase de passe assez longue";
  const database = process.env.DATABASE_URL ? { DATABASE_URL: siblingDatabaseUrl(process.env.DATABASE_URL, "e2e") } : { PGLITE_DATA_DIR: path.join(repo, "e2e/.state/pglite") };
  const out = execFileSync(path.join(repo, "node_modules/.bin/tsx"), ["scripts/staff-create.ts", "--email", email, "--role", "support", "--password", password], {
    cwd: repo,
    env: { ...process.env, ...database },
    encoding: "utf8",
  });
  expect(out).toContain(`Staff ${email} (support) created.`);
  const who = { email, password };
  await page.goto("/admin/login");
  await page.getByLabel(fr("support.login.email")).fill(who.email);
  await page.getByLabel(fr("support.login.password")).fill(who.password);
  await page.getByRole("button", { name: fr("support.login.submit") }).click();
  await expect(page.getByRole("heading", { name: fr("support.nav.overview") })).toBeVisible({ timeout: 15_000 });
  await shot(page, testInfo, "1-staff-made-while-server-runs");

  // 2. Pages arrive with their data: the server's HTML already holds the rows.
  await servedWithData(page, "/admin/links", link);
  await servedWithData(page, `/admin/payments/${link}`, payer);
  const detail = await (await api.get(`/admin/api/payments/${link}`)).json();
  const paid = (detail.attempts as { reference: string; operatorReference: string | null }[]).find((a) => a.operatorReference);
  expect(paid, JSON.stringify(detail.attempts)).toBeTruthy();
  const deposit = paid!.reference;
  const operatorId = paid!.operatorReference!;
  await page.goto("/admin/links");
  await expect(page.getByText(fr("support.loading"))).toHaveCount(0);
  await shot(page, testInfo, "2-links-without-waiting");

  // 3. The link's reference opens its page: status and gateway in words.
  await page.getByRole("searchbox").fill(link.toLowerCase());
  await page.getByRole("button", { name: fr("support.search.submit") }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/payments/${link}$`));
  await expect(page.locator(".badge").first()).toHaveText(fr("support.status.completed"));
  await expect(page.getByText(message("fr", "labels.gateway.MTN_MOMO_CI")).first()).toBeVisible();
  await shot(page, testInfo, "3-link-by-reference");

  // 4. The deposit's reference opens the attempt's page.
  await page.getByRole("searchbox").fill(deposit);
  await page.getByRole("button", { name: fr("support.search.submit") }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/payments/${deposit}$`));
  await shot(page, testInfo, "4-deposit-by-reference");

  // 5. The operator's transaction id from the customer's SMS: the attempt, and its payment link.
  await page.goto(`/admin/search?q=${encodeURIComponent(operatorId.toLowerCase())}`);
  const card = resultCard(page, deposit);
  await expect(card).toBeVisible();
  await expect(card).toContainText(fr("support.status.completed"));
  await expect(card).toContainText(message("fr", "labels.gateway.MTN_MOMO_CI"));
  await shot(page, testInfo, "5-by-operator-id");
  await card.getByRole("link", { name: fr("support.search.paymentLink", { reference: link }) }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/payments/${link}$`));

  // 6. The number as a shopkeeper types it; then "the customer's other attempts" from a result.
  await page.goto(`/admin/search?q=${encodeURIComponent("07 00 00 04 44")}`);
  await expect(resultCard(page, link)).toBeVisible();
  await shot(page, testInfo, "6-by-local-number");
  await page.goto(`/admin/search?q=${encodeURIComponent(operatorId)}`);
  await resultCard(page, deposit).getByRole("link", { name: fr("support.search.otherAttempts") }).click();
  await expect(page).toHaveURL(/\/admin\/search\?q=/);
  await expect(resultCard(page, link)).toBeVisible();
  await expect(resultCard(page, deposit)).toBeVisible();
  await shot(page, testInfo, "7-other-attempts");

  // 7. The payer's name, or part of it, in any case.
  await page.goto(`/admin/search?q=${encodeURIComponent(payer.toUpperCase())}`);
  await expect(resultCard(page, link)).toContainText(payer);
  await expectFrenchOnly(page, "search by name");
  await shot(page, testInfo, "8-by-payer-name");

  // Signed out, a search page gives nothing: the sign-in page, and no reference in it.
  await page.context().clearCookies();
  const anonymous = await page.goto(`/admin/search?q=${encodeURIComponent(operatorId)}`);
  await expect(page).toHaveURL(/\/admin\/login/);
  expect(await anonymous!.text()).not.toContain(link);
});
