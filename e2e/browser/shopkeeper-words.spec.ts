import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { hydrated, message, openMailLink, signUp, uniqueEmail } from "../dashboard-helpers";
import { choose } from "../checkout-helpers";
import { expectFrancsInWords, expectFrenchOnly, expectNoSidewaysScroll } from "../page-fits-phone";

// Issue 51 item 6, "the shopkeeper's words", walked on a 360 px phone in French with a screenshot
// per point: amounts in "F CFA", times in the shop's zone, numbers grouped as they are read,
// "Solde et retraits" right after home and the developer's sections last, "Passer en production"
// no louder than the other buttons, the withdrawal's question naming the operator and the
// beneficiary in a neutral box, the CSV in French, "Pages de paiement" as the one name, and
// French typography ("Montant :", with its narrow no-break space).
test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, locale: "fr-FR" });
test.setTimeout(180_000);

const d = (key: string, values: Record<string, string> = {}) => message("fr", `dashboard.${key}`, values);
/** "F CFA" after a number, whatever spaces hold them together. */
const CFA = /\d\sF\sCFA/;

async function newShop(page: Page, name: string) {
  const email = uniqueEmail("words");
  await signUp(page, { email, name: "Awa Koné", businessName: name, country: "CI" }, "fr");
  const subjects = (["fr", "en"] as const).map((l) => message(l, "auth.mail.verify.subject").replace(/[.*+?^$()|[\]\\{}]/g, "\\$&"));
  await openMailLink(page, email, new RegExp(`^(${subjects.join("|")})$`));
  await expect(page.getByRole("banner")).toContainText(name, { timeout: 15_000 });
}

test("the shopkeeper's words at 360 px in French", async ({ page, browser }, testInfo) => {
  test.skip(testInfo.project.name === "mobile", "the walk sets its own phone viewport");
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}-360.png`), fullPage: true });
  await newShop(page, `Chez Awa ${Date.now().toString(36)}`);

  await test.step("the menu: her money right after home, the developer's sections last", async () => {
    await page.goto("/test/dashboard");
    const links = page.getByRole("navigation", { name: d("nav.label") }).getByRole("link");
    const names = (await links.allTextContents()).map((text) => text.trim());
    expect(names.slice(0, 3)).toEqual([d("nav.home"), d("nav.balance"), message("fr", "paymentAlerts.received.heading")]);
    const developer = [d("nav.deposits"), d("nav.developers"), message("fr", "firstSteps.docsNav")];
    expect(names.slice(-3)).toEqual(developer);
    // At 360 px, without scrolling the bar, "Solde et retraits" is in sight.
    const balance = await links.filter({ hasText: d("nav.balance") }).boundingBox();
    expect(balance!.x + balance!.width).toBeLessThanOrEqual(360);
    // One name for payment pages.
    expect(names).toContain("Pages de paiement");
    await shot("menu");
  });

  await test.step("'Passer en production' no louder than the other header buttons", async () => {
    const toLive = page.getByRole("link", { name: d("env.toLive") });
    const signOut = page.getByRole("button", { name: d("signOut") });
    const style = (element: typeof toLive) => element.evaluate((e) => { const s = getComputedStyle(e); return { background: s.backgroundColor, weight: s.fontWeight, color: s.color, border: s.borderTopColor }; });
    expect(await style(toLive)).toEqual(await style(signOut));
    await page.getByRole("banner").screenshot({ path: testInfo.outputPath("header-360.png") });
  });

  let reference = "";
  await test.step("a link paid by a customer: F CFA, her number grouped, the shop's time", async () => {
    await page.goto("/test/dashboard/links/new");
    await page.getByLabel(d("newLink.amount")).fill("2500");
    await page.getByLabel(d("newLink.description")).fill("Pagne wax bleu");
    await page.getByRole("button", { name: d("newLink.submit") }).click();
    await expect(page).toHaveURL(/\/test\/dashboard\/links\/LINK_TEST_[0-9A-Z]{26}\?created=1$/, { timeout: 15_000 });
    reference = /LINK_TEST_[0-9A-Z]{26}/.exec(page.url())![0];

    const customer = await (await browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, locale: "fr-FR" })).newPage();
    await customer.goto(`/test/pay/${reference}`);
    await expect(customer.locator("main")).toContainText(CFA);
    await choose(customer, "fr", /MTN/, "07 00 12 34 56");
    await expect(customer.locator(".paid-total")).toContainText(CFA, { timeout: 30_000 });
    await customer.screenshot({ path: testInfo.outputPath("checkout-paid-360.png"), fullPage: true });
    await customer.context().close();

    await page.goto(`/test/dashboard/links/${reference}`);
    const main = page.locator("main");
    await expect(main).toContainText(/2\s500\sF\sCFA/);
    await expect(main).toContainText("+225 07 00 12 34 56");
    // Côte d'Ivoire's clock (its zone, said by nothing: a merchant without a country would read "UTC").
    const today = new Intl.DateTimeFormat("fr", { dateStyle: "medium", timeZone: "Africa/Abidjan" }).format(new Date());
    await expect(main).toContainText(today);
    await expect(main).not.toContainText("UTC");
    await expectNoSidewaysScroll(page, "link");
    await expectFrenchOnly(page, "link");
    await shot("link");

    await page.goto("/test/dashboard/payments");
    await expect(page.getByTestId("received-payment")).toContainText(CFA);
    await shot("payments");
  });

  await test.step("no \"XOF\" where she reads \"F CFA\": the analytics' titles and tables, the lists of currencies", async () => {
    await page.goto("/test/dashboard/analytics");
    const block = page.getByRole("region", { name: "F\u00a0CFA" });
    await expect(block.locator("figcaption").first()).toContainText(/\(F\sCFA\)$/);
    await expect(block.locator("caption").first()).toContainText(/\(F\sCFA\)$/);
    await expectFrancsInWords(page, "analytics");
    await shot("analytics");
    await page.goto("/test/dashboard/links/new");
    await expect(page.getByLabel(d("newLink.currency")).locator("option:checked")).toHaveText("F\u00a0CFA (XOF)");
    await expectFrancsInWords(page, "new link");
  });

  await test.step("the withdrawal's question names the operator and the beneficiary, in a neutral box", async () => {
    await page.goto("/test/dashboard/balance");
    await expect(page.locator("main")).toContainText(CFA);
    const form = page.getByRole("region", { name: d("balance.withdraw") });
    await form.getByLabel(d("balance.amount")).fill("1000");
    await form.getByLabel(d("balance.gateway")).selectOption("MTN_MOMO_CI");
    await form.getByLabel(d("balance.country")).selectOption("CI");
    await form.getByLabel(d("balance.beneficiaryPhone")).fill("07 00 00 01 11");
    await form.getByLabel(d("balance.beneficiaryName")).fill("Awa Koné");
    const review = form.getByRole("button", { name: d("balance.review") });
    await hydrated(review);
    await review.click();
    const question = form.getByTestId("withdraw-question");
    await expect(question).toBeVisible();
    const facts = form.getByTestId("withdraw-facts");
    const fact = (key: string) => facts.locator("dt", { hasText: d(`balance.reviewFacts.${key}`) }).locator("xpath=following-sibling::dd[1]");
    await expect(fact("beneficiary")).toHaveText("Awa Koné");
    await expect(fact("phone")).toHaveText("+225 07 00 00 01 11");
    await expect(fact("gateway")).toHaveText(message("fr", "labels.gateway.MTN_MOMO_CI"));
    await expect(fact("amount")).toHaveText(/^1\s000\sF\sCFA$/);
    // French typography: the question's "?" after a narrow no-break space.
    expect(await question.locator(".dash-confirm-question").textContent()).toContain("\u202f?");
    // Neutral: grey, not the alarm's pink.
    expect(await question.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe("rgb(249, 250, 251)");
    await expectNoSidewaysScroll(page, "withdrawal question");
    await shot("withdrawal-question");
  });

  await test.step("the statement's CSV in French", async () => {
    const csv = await page.request.get("/test/dashboard/balance/statement.csv");
    expect(csv.headers()["content-disposition"]).toContain("releve.csv");
    const text = (await csv.body()).toString("utf8");
    fs.writeFileSync(testInfo.outputPath("releve.csv"), text);
    await testInfo.attach("releve.csv", { path: testInfo.outputPath("releve.csv"), contentType: "text/csv" });
    const lines = text.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe("date et heure;référence;nature;compte;devise;montant;écriture");
    const paid = lines.find((line) => line.includes(";Disponible;"));
    expect(paid, lines.join("\n")).toBeTruthy();
    expect(paid).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d;/);
    expect(paid).toContain(";XOF;");

    const analytics = (await (await page.request.get("/test/dashboard/analytics/export.csv")).body()).toString("utf8").replace(/^\uFEFF/, "");
    expect(analytics.split("\r\n")[0]).toBe("rubrique;devise;jour ou opérateur;créés;payés;montant payé;frais perçus");
    expect(analytics).toContain(`opérateur;XOF;${message("fr", "labels.gateway.MTN_MOMO_CI")};`);
  });

  await test.step("one name for payment pages, and 'Montant :' as French writes it", async () => {
    await page.goto("/test/dashboard/pages");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pages de paiement");
    await expect(page.locator("main")).not.toContainText(/boutique/i);
    await shot("pages");
    await page.goto("/test/dashboard/balance");
    // The "withdraw the most" hint: "… par MTN MoMo Côte d'Ivoire : 1 234 F CFA (…)".
    const hint = page.getByTestId("payout-max");
    await expect(hint).toBeVisible();
    expect(await hint.textContent()).toMatch(/\S\u202f: \d/);
    expect(await hint.textContent()).not.toMatch(/ :|\S:/);
  });
});
