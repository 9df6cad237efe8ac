import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

// The developer site: Scalar's reference from our own bundle, and the guides in both languages.

/** Every URL the page asks for that is not on the test server's own address (data: and blob: are local). */
function outsideRequests(page: Page, baseURL: string) {
  const own = new URL(baseURL).host;
  const outside: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if ((url.protocol === "http:" || url.protocol === "https:") && url.host !== own) outside.push(request.url());
  });
  return outside;
}

function cspViolations(page: Page) {
  return page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = list;
    document.addEventListener("securitypolicyviolation", (e) => list.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}
const violations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

test.describe("in English", () => {
  test.use({ locale: "en-GB" });
  // Scalar's whole reference, or two guides checked by axe, on a loaded machine.
  test.slow();

  test("/docs renders the API reference with code samples, and nothing leaves the server's address", async ({ page, baseURL }) => {
    const outside = outsideRequests(page, baseURL!);
    await cspViolations(page);
    // Scalar renders an operation when it is reached; the sidebar's anchor takes us to one.
    const response = await page.goto("/docs#POST/api/v4/payments/link");
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self' 'nonce-");
    await expect(page.getByRole("heading", { name: "Create a reusable payment link" }).first()).toBeVisible({ timeout: 30_000 });
    // The request example shown first is the sandbox's: its path under /test and a sandbox key,
    // so the key copied from the dashboard works as pasted (a production path answers it 401).
    const sample = page.locator(".scalar-code-block, pre").filter({ hasText: "curl" }).first();
    await expect(sample).toContainText("/test/api/v4/payments/link");
    await expect(sample).toContainText("sk_test_");
    await expect(sample).not.toContainText("sk_live_");
    await page.waitForLoadState("networkidle");
    expect(outside).toEqual([]);
    expect(await violations(page)).toEqual([]);
  });

  test("a guide renders from its markdown, accessibly, and the index lists every guide", async ({ page }) => {
    await page.goto("/docs/guides");
    await expect(page.getByRole("heading", { level: 1, name: "Guides" })).toBeVisible();
    for (const title of ["Going live", "Webhooks: verification, retries and replay", "Idempotency and retries", "The sandbox and its magic values"]) {
      await expect(page.getByRole("link", { name: title })).toBeVisible();
    }
    // The quick start comes first, and walks from a sandbox key to a paid link and its webhook.
    await expect(page.getByRole("main").getByRole("listitem").first()).toHaveText("Quick start: your first payment in the sandbox");
    await page.getByRole("link", { name: "Quick start: your first payment in the sandbox" }).click();
    await expect(page).toHaveURL(/\/docs\/guides\/quick-start$/);
    for (const step of ["1. Get a sandbox key", "2. Create a payment link with curl", "3. Pay it in the sandbox checkout", "4. Receive the webhook on your machine", "5. Go live"]) {
      await expect(page.getByRole("heading", { level: 2, name: step })).toBeVisible();
    }
    await expect(page.getByText("curl -X POST https://pay.example.com/test/api/v4/payments/link")).toBeVisible();
    await expect(page.getByText("npx @pcs/sdk listen --forward-to http://localhost:3000/webhooks").first()).toBeVisible();
    await expectAccessible(page);
    await page.goto("/docs/guides");
    await page.getByRole("link", { name: "The sandbox and its magic values" }).click();
    await expect(page).toHaveURL(/\/docs\/guides\/sandbox$/);
    await expect(page.getByRole("cell", { name: "111" })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("in French", () => {
  test.use({ locale: "fr-FR" });
  // Four pages, one of them the reference, on a loaded machine.
  test.slow();

  test("the guides and the page chrome are in French, and the reference's interface too", async ({ page, baseURL }) => {
    const outside = outsideRequests(page, baseURL!);
    // Scalar's own interface in French (its built-in locale), from the same language choice.
    await page.goto("/docs");
    await expect(page.getByRole("main", { name: /^Documentation de l.API pour Payment Collection Service$/ })).toBeVisible({ timeout: 30_000 });
    await page.goto("/docs/guides");
    await expect(page.getByRole("main").getByRole("listitem").first()).toHaveText("Démarrage rapide : votre premier paiement dans le bac à sable");
    await page.goto("/docs/guides/webhooks");
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks : vérification, nouvelles tentatives et rejeu" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Référence de l'API", exact: true })).toBeVisible();
    await expectAccessible(page);
    // Bulk payouts (issue 49), in French: the guide, its tables and samples, accessible.
    await page.goto("/docs/guides/bulk-payouts");
    await expect(page.getByRole("heading", { level: 1, name: "Paiements groupés : payer beaucoup de bénéficiaires en une fois" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "L'approbation par un deuxième membre" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "phone_country" })).toBeVisible();
    await expectAccessible(page);
    // A guide with no French text says so, and shows the English one.
    await page.goto("/docs/guides/operators");
    await expect(page.getByText("Cette page n'existe qu'en anglais.")).toBeVisible();
    // Switching the language keeps the page.
    await page.goto("/docs/guides/idempotency");
    await page.getByRole("button", { name: "English" }).click();
    await expect(page).toHaveURL(/\/docs\/guides\/idempotency$/);
    await expect(page.getByRole("heading", { level: 1, name: "Idempotency and retries" })).toBeVisible();
    expect(outside).toEqual([]);
  });
});
