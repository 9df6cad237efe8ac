import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { e2eMerchant, e2eStaff } from "../helpers";
import { message } from "../dashboard-helpers";
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
