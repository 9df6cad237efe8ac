import fs from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { message, signInAsMember, type Role } from "../dashboard-helpers";
import { auth, e2eMerchant } from "../helpers";
import { expectFrenchOnly, expectNoSidewaysScroll } from "../page-fits-phone";

// Issue 49's "done when": at 360x640 in French, a CSV with one bad line is uploaded, the bad line
// is named in words, fixed in the text area and checked again, submitted; a second member (another
// admin of the same merchant, in a browser of their own) approves; the lines complete (sent by the
// server's embedded runner; the sandbox pays a number ending 444); the result CSV downloads with
// the lines' statuses in words. Then the same upload and approval with JavaScript off.

const PHONE = { viewport: { width: 360, height: 640 }, locale: "fr-FR", isMobile: true, hasTouch: true };
const b = (key: string, values: Record<string, string | number> = {}) => message("fr", `batches.${key}`, values);
const merchant = e2eMerchant();

test.use(PHONE);
test.setTimeout(180_000);

/** Money in the sandbox balance for the batches (a deposit the simulated phone approves). */
async function fund(page: Page, amount: number) {
  const api = page.request;
  const sandbox = { headers: auth(merchant.sandboxKey) };
  const deposit = await api.post("/test/api/v4/classic/deposit/initiate", { ...sandbox, data: { amount, currency: "XOF", customerPhone: "+2250700000444", country: "CI", gatewayName: "MTN_MOMO_CI" } });
  expect(deposit.status()).toBe(200);
  const reference = (await deposit.json()).reference as string;
  await expect.poll(async () => (await (await api.get(`/test/api/v4/deposits/${reference}`, sandbox)).json()).status, { timeout: 20_000 }).toBe("completed");
}

/** Three teachers paid by MTN in Côte d'Ivoire, the second with a Senegalese number (the bad line). */
function salaries(run: string) {
  const bad = [
    "référence;montant;pays;moyen;numéro;nom",
    `awa-${run};2 500;CI;MTN_MOMO_CI;07 00 00 04 44;Awa Koné`,
    `moussa-${run};1\u202f500;CI;MTN_MOMO_CI;+221 77 000 04 44;Moussa Diallo`,
    `kofi-${run};1000;CI;MTN_MOMO_CI;0700000444;Kofi Yao`,
  ].join("\r\n");
  return { bad: `${bad}\r\n`, fixed: `${bad.replace("+221 77 000 04 44", "07 00 00 04 44")}\r\n` };
}

async function memberPage(browser: Browser, role: Role, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ ...PHONE, ...options });
  const page = await context.newPage();
  await signInAsMember(page, { role, locale: "fr" });
  return page;
}

async function fitsThePhone(page: Page) {
  await expectNoSidewaysScroll(page, page.url());
  await expectFrenchOnly(page, page.url());
}

/** Uploads, sees line 2 refused in words, fixes it in the text area, checks again and submits: the batch's address. */
async function uploadFixAndSubmit(page: Page, run: string): Promise<string> {
  const csv = salaries(run);
  await page.goto("/test/dashboard/batches");
  await page.getByRole("link", { name: b("new") }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: b("new") })).toBeVisible();
  await page.getByLabel(b("titleField")).fill(`Salaires ${run}`);
  await page.getByLabel(b("file")).setInputFiles({ name: "salaires.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${csv.bad}`) });
  await page.getByRole("button", { name: b("check") }).click();

  const refusedLine = page.getByTestId("batch-check").locator('tr[data-line="2"]');
  await expect(refusedLine).toContainText(message("fr", "apiErrors.rules.phone_country"));
  await expect(page.getByTestId("batch-check").locator("tr[data-refused]")).toHaveCount(1);
  await expect(page.getByTestId("batch-form").getByRole("alert")).toContainText("1 ligne à corriger sur 3");
  await expect(page.getByTestId("batch-submit")).toHaveCount(0);
  await fitsThePhone(page);

  // The file's text is in the text area: fix the line there.
  const area = page.getByLabel(b("csv"));
  await expect(area).toHaveValue(csv.bad.replace(/\r\n/g, "\n"));
  await area.fill(csv.fixed);
  await page.getByRole("button", { name: b("checkAgain") }).click();
  await expect(page.getByTestId("batch-form").getByRole("status")).toContainText("3 lignes prêtes");
  await expect(page.getByTestId("batch-check").locator("tr[data-refused]")).toHaveCount(0);
  await expect(page.getByTestId("batch-totals")).toContainText("5\u202f000");
  await fitsThePhone(page);

  await page.getByRole("button", { name: b("submit") }).click();
  await expect(page).toHaveURL(/\/test\/dashboard\/batches\/BATCH_TEST_\w+$/, { timeout: 15_000 });
  await expect(page.getByTestId("batch-status")).toHaveText(b("status.awaiting_approval"));
  // Its maker cannot approve it: a second member must.
  await expect(page.getByTestId("batch-maker-wait")).toHaveText(b("approve.makerWait"));
  await expect(page.getByRole("button", { name: b("approve.submit") })).toHaveCount(0);
  await fitsThePhone(page);
  return new URL(page.url()).pathname;
}

async function expectResultCsv(page: Page) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("batch-result-csv").click()]);
  const rows = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "").trim().split("\r\n").map((row) => row.split(";"));
  expect(rows[0]!.slice(0, 3)).toEqual(["ligne", "référence", "statut"]);
  expect(rows.slice(1).map((row) => row[2])).toEqual([b("lineStatus.completed"), b("lineStatus.completed"), b("lineStatus.completed")]);
}

test("a bulk payout at 360 px in French: upload, fix the bad line, submit, a second member approves, the lines are paid, the result downloads", async ({ page, browser }, testInfo) => {
  test.skip(testInfo.project.name === "mobile", "the spec sets its own phone");
  const run = Date.now().toString(36);
  await fund(page, 20_000);
  await signInAsMember(page, { role: "owner", locale: "fr" });
  const batchPath = await uploadFixAndSubmit(page, run);

  const checker = await memberPage(browser, "admin");
  await checker.goto(batchPath);
  await expect(checker.getByTestId("batch-approve-question")).toContainText("3 personnes");
  await fitsThePhone(checker);
  await checker.getByRole("button", { name: b("approve.submit") }).click();
  // Said in the layout's notice (the approval's form is gone from the page drawn again), which
  // says who approved it.
  await expect(checker.getByTestId("dash-notice")).toContainText(b("approve.done"));
  await expect(checker.getByTestId("batch-summary")).toContainText(b("batch.approvedBy"));
  await expect(checker.getByRole("button", { name: b("approve.submit") })).toHaveCount(0);
  // The page follows the lines by itself (react-query's poll) until the last one is paid.
  await expect(checker.getByTestId("batch-status")).toHaveText(b("status.completed"), { timeout: 45_000 });
  await expect(checker.getByTestId("batch-lines").locator('tr[data-status="completed"]')).toHaveCount(3);
  await fitsThePhone(checker);
  await expectResultCsv(checker);
  await checker.context().close();
});

test("without JavaScript: the same upload, fix and submit, and the approval", async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name === "mobile", "the spec sets its own phone");
  const run = `nojs${Date.now().toString(36)}`;
  const maker = await memberPage(browser, "owner", { javaScriptEnabled: false });
  await fund(maker, 20_000);
  const batchPath = await uploadFixAndSubmit(maker, run);

  const checker = await memberPage(browser, "admin", { javaScriptEnabled: false });
  await checker.goto(batchPath);
  await checker.getByRole("button", { name: b("approve.submit") }).click();
  await expect(checker.getByTestId("batch-summary")).toContainText(b("batch.approvedBy"));
  // No script: the page offers a reload link and refreshes itself (a meta refresh) while lines are sent.
  await expect.poll(async () => {
    await checker.goto(batchPath);
    return checker.getByTestId("batch-status").textContent();
  }, { timeout: 45_000 }).toBe(b("status.completed"));
  await expectResultCsv(checker);
  await maker.context().close();
  await checker.context().close();
});
