import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { dashboardPages } from "../../tests/helpers/dashboard-tree";
import { isPublicDashboardPage } from "../../lib/features/auth/redirect-target";
import { signInAsMember } from "../dashboard-helpers";
import { seedPageData } from "../page-data";
import { expectCurrentTabInView, expectFrancsInWords, expectFrenchOnly, expectNoSidewaysScroll } from "../page-fits-phone";

// Issues 28 and 35: every page of the dashboard at 360x640 in French, with data in its lists and
// detail pages (sends, attempts, refunds, payouts): nothing wider than the screen (the document
// never scrolls sideways), the current tab in view, no English word, the francs as "F CFA" (not
// "XOF"), and axe finds nothing serious.
// The pages are read from the app tree (tests/helpers/dashboard-tree.ts), so a new page is
// walked too; a new dynamic segment fails here until it is given a value below.

test.use({ viewport: { width: 360, height: 640 }, locale: "fr-FR", isMobile: true, hasTouch: true });
test.setTimeout(420_000);


/** The route with its dynamic segments filled, or an error naming the segment nobody gave a value. */
function urlOf(route: string, values: Record<string, string>): string {
  if (values[route]) return route.replace(/\[[^\]]+\]/, values[route]);
  if (route === "/dashboard/accept-invitation/[id]") return "/dashboard/accept-invitation/inv_unknown";
  // The dashboard's own not-found page, inside its frame: it must fit the phone too.
  if (route === "/dashboard/[...missing]") return "/dashboard/adresse-inconnue";
  if (/\[/.test(route)) throw new Error(`${route}: give its dynamic segment a value in dashboard-360.spec.ts`);
  return route;
}

async function expectFitsThePhone(page: Page, url: string, options: { french?: boolean } = {}) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBeLessThan(500);
  await page.waitForLoadState("networkidle");
  // Toggles opened: what they hide must fit too (the balance page's ledger detail).
  for (const details of await page.locator("main details:not([open])").all()) await details.evaluate((d) => d.setAttribute("open", ""));
  await expectNoSidewaysScroll(page, url);
  await expectCurrentTabInView(page, url, ".dash-nav");
  if (options.french) {
    await expectFrenchOnly(page, url);
    await expectFrancsInWords(page, url);
  }
  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect.soft(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`), url).toEqual([]);
}

test("every dashboard page fits a 360 px phone, in French, with data", async ({ page, browser }, testInfo) => {
  // One walk is enough: the mobile project would walk the same viewport again.
  test.skip(testInfo.project.name === "mobile", "the walk sets its own phone viewport");
  const { values } = await seedPageData(page);
  const pages = dashboardPages().map((p) => p.route);
  expect(pages.length).toBeGreaterThan(10);

  // The sign-in, sign-up and other account pages, signed out.
  const visitor = await (await browser.newContext({ viewport: { width: 360, height: 640 }, locale: "fr-FR", isMobile: true, hasTouch: true })).newPage();
  for (const route of pages.filter(isPublicDashboardPage)) await expectFitsThePhone(visitor, urlOf(route, values), { french: true });

  // Every other page, signed in, in test mode (where the seeded data is).
  await signInAsMember(page, { locale: "fr" });
  for (const route of pages.filter((r) => !isPublicDashboardPage(r))) {
    await expectFitsThePhone(page, `/test${urlOf(route, values)}`, { french: true });
  }
  // And the French words, not the English ones: the browser's language is French.
  await page.goto("/test/dashboard/links");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
});
