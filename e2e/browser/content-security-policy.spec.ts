import { expect, test, type Page } from "@playwright/test";
import { choose, createLink } from "../checkout-helpers";

test.use({ locale: "en-GB" });

// With the nonce policy on, the pages must still hydrate: no policy violation, no console error.
function watch(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

async function violations(page: Page) {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = list;
    document.addEventListener("securitypolicyviolation", (e) => list.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
});

test("the checkout page hydrates under its CSP", async ({ page, request, baseURL }) => {
  const problems = watch(page);
  const link = await createLink(request, baseURL!);
  await page.goto(link.paymentUrl);
  // Interactive only once React has hydrated: choosing a gateway moves focus to the phone step.
  await choose(page, "en", /MTN Mobile Money/);
  expect(await violations(page)).toEqual([]);
  expect(problems).toEqual([]);
});

test("the admin sign-in page loads under its CSP", async ({ page }) => {
  const problems = watch(page);
  await page.goto("/admin/login");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await violations(page)).toEqual([]);
  expect(problems).toEqual([]);
});
