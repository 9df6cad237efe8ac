import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { dashboardPages } from "../../tests/helpers/dashboard-tree";
import { isPublicDashboardPage } from "../../lib/features/auth/redirect-target";
import { signInAsMember } from "../dashboard-helpers";
import { auth, e2eMerchant } from "../helpers";

// Issue 28: every page of the dashboard at 360x640 in French, with data in its lists: nothing
// wider than the screen (the document never scrolls sideways), and axe finds nothing serious.
// The pages are read from the app tree (tests/helpers/dashboard-tree.ts), so a new page is
// walked too; a new dynamic segment fails here until it is given a value below.

test.use({ viewport: { width: 360, height: 640 }, locale: "fr-FR", isMobile: true, hasTouch: true });
test.setTimeout(180_000);

const merchant = e2eMerchant();

/** Long values, as real ones are: a reference, a description, a customer, a failed and a paid payment. */
async function seed(page: Page) {
  const api = page.request;
  const link = await api.post("/test/api/v4/payments/link", {
    headers: auth(merchant.sandboxKey),
    data: {
      amount: 1_250_000,
      currency: "XOF",
      description: "Commande de tissus wax et pagnes pour la boutique du marché de Treichville, livraison comprise",
      customerName: "Aminata Kouassi-Ouattara",
      customerEmail: "aminata.kouassi-ouattara@boutique-treichville.example",
      customerPhone: "+2250700000777",
    },
  });
  expect(link.status()).toBe(200);
  const deposits: string[] = [];
  for (const customerPhone of ["+2250700000444", "+2250700000111"]) {
    const deposit = await api.post("/test/api/v4/classic/deposit/initiate", {
      headers: auth(merchant.sandboxKey),
      data: { amount: 150_000, currency: "XOF", customerPhone, country: "CI", gatewayName: "MTN_MOMO_CI" },
    });
    expect(deposit.status()).toBe(200);
    deposits.push((await deposit.json()).reference);
  }
  // The sandbox answers after about 2 s: the balance then has money and a statement.
  await expect.poll(async () => (await (await api.get(`/test/api/v4/deposits/${deposits[0]}`, { headers: auth(merchant.sandboxKey) })).json()).status, { timeout: 20_000 }).toBe("completed");
  const payout = await api.post("/test/api/v4/transfers/instant", {
    headers: auth(merchant.sandboxKey),
    data: { amount: 1000, currency: "XOF", gatewayName: "MTN_MOMO_CI", country: "CI", beneficiaryPhone: "+2250700000444" },
  });
  expect([200, 201]).toContain(payout.status());
  const events = await (await api.get("/test/api/v4/events?limit=1", { headers: auth(merchant.sandboxKey) })).json();
  return {
    "/dashboard/links/[reference]": (await link.json()).reference as string,
    "/dashboard/deposits/[reference]": deposits[0],
    "/dashboard/developers/events/[id]": events.data[0].id as string,
  };
}

/** The route with its dynamic segments filled, or an error naming the segment nobody gave a value. */
function urlOf(route: string, values: Record<string, string>): string {
  if (values[route]) return route.replace(/\[[^\]]+\]/, values[route]);
  if (route === "/dashboard/accept-invitation/[id]") return "/dashboard/accept-invitation/inv_unknown";
  if (/\[/.test(route)) throw new Error(`${route}: give its dynamic segment a value in dashboard-360.spec.ts`);
  return route;
}

async function expectFitsThePhone(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBeLessThan(500);
  await page.waitForLoadState("networkidle");
  const widths = await page.evaluate(() => {
    const root = document.scrollingElement!;
    // What sticks out, for the failure message.
    const clipped = (e: Element) => {
      for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) if (["auto", "scroll", "hidden", "clip"].includes(getComputedStyle(p).overflowX)) return true;
      return false;
    };
    const wide = [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 && !clipped(e))
      .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right)
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join(".")} right=${Math.round(e.getBoundingClientRect().right)}`);
    return { scrollWidth: root.scrollWidth, wide };
  });
  expect.soft(widths.scrollWidth, `${url} (now ${page.url()}) is wider than 360 px: ${widths.wide.join(", ")}`).toBeLessThanOrEqual(360);
  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect.soft(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`), url).toEqual([]);
}

test("every dashboard page fits a 360 px phone, in French, with data", async ({ page, browser }, testInfo) => {
  // One walk is enough: the mobile project would walk the same viewport again.
  test.skip(testInfo.project.name === "mobile", "the walk sets its own phone viewport");
  const values = await seed(page);
  const pages = dashboardPages().map((p) => p.route);
  expect(pages.length).toBeGreaterThan(10);

  // The sign-in, sign-up and other account pages, signed out.
  const visitor = await (await browser.newContext({ viewport: { width: 360, height: 640 }, locale: "fr-FR", isMobile: true, hasTouch: true })).newPage();
  for (const route of pages.filter(isPublicDashboardPage)) await expectFitsThePhone(visitor, urlOf(route, values));

  // Every other page, signed in, in test mode (where the seeded data is).
  await signInAsMember(page, { locale: "fr" });
  for (const route of pages.filter((r) => !isPublicDashboardPage(r))) {
    await expectFitsThePhone(page, `/test${urlOf(route, values)}`);
  }
  // And the French words, not the English ones: the browser's language is French.
  await page.goto("/test/dashboard/links");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
});
