import fs from "node:fs";
import https from "node:https";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import { sunkMails } from "./mail-sink";

// What the dashboard specs share: the seeded members' logins, fresh merchants signed up through
// the real pages with their mails read from the e2e server's mail server (e2e/mail-sink.ts; a
// production server never shows the development outbox), the message catalogs, an HTTPS webhook
// receiver and the axe check.

export type Role = "owner" | "admin" | "developer" | "viewer";
export type Locale = "en" | "fr";

const catalogs = Object.fromEntries(
  (["en", "fr"] as const).map((l) => [l, JSON.parse(fs.readFileSync(path.join(process.cwd(), "messages", `${l}.json`), "utf8"))]),
) as Record<Locale, Record<string, unknown>>;

/**
 * A string of messages/<locale>.json by its dotted key ("dashboard.nav.links"), its {placeholders}
 * filled from `values`: the specs find the page's elements by the words a user of that language reads.
 */
export function message(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  const found = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogs[locale]);
  if (typeof found !== "string") throw new Error(`No message ${key} in ${locale}`);
  return found.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The E2E merchant's dashboard logins, one per role (made by e2e/serve.ts with member:create). */
export function memberLogin(role: Role): { email: string; password: string } {
  return JSON.parse(fs.readFileSync(path.join(import.meta.dirname, ".state", "members.json"), "utf8"))[role];
}

/** Signs in through the real sign-in page as the E2E merchant's member of that role (the page in the browser's language). */
export async function signInAsMember(page: Page, options: { role?: Role; locale?: Locale } = {}) {
  const login = memberLogin(options.role ?? "owner");
  await signIn(page, login.email, login.password, options.locale);
  await expect(page).not.toHaveURL(/\/dashboard\/sign-in/, { timeout: 15_000 });
}

/** Fills and sends the sign-in form (in English unless told). */
export async function signIn(page: Page, email: string, password = SIGN_UP_PASSWORD, locale: Locale = "en") {
  await page.goto("/dashboard/sign-in");
  await page.getByLabel(message(locale, "auth.fields.email")).fill(email);
  await page.getByLabel(message(locale, "auth.fields.password")).fill(password);
  await page.getByRole("button", { name: message(locale, "auth.signIn.submit"), exact: true }).click();
}

/** Every axe violation, whatever its impact: the dashboard must have none. */
export async function expectNoAxeViolations(page: Page) {
  // After a server action the page is re-rendered: axe once it has its title again, not in between.
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

export const SIGN_UP_PASSWORD = "e2e dashboard password";
export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@shop.example`;

/** The link of the newest mail to `to` with that subject, once it has arrived. */
export async function mailLink(to: string, subject: string | RegExp): Promise<string> {
  const matches = (mailSubject: string) => (typeof subject === "string" ? mailSubject === subject : subject.test(mailSubject));
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = sunkMails(path.join(import.meta.dirname, ".state", "mails.jsonl"))
          .filter((m) => m.to === to.toLowerCase() && matches(m.subject))
          .at(-1);
        link = mail && /https?:\/\/\S+/.exec(mail.text)?.[0];
        return link;
      },
      { message: `a mail to ${to} with the subject ${subject}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

/** Follows the link of the newest mail to `to` with that subject. */
export async function openMailLink(page: Page, to: string, subject: string | RegExp) {
  await page.goto(await mailLink(to, subject));
}

/**
 * Fills and sends the sign-up form (with the business's country when given, and an accessibility
 * check of the filled form when asked); the page then asks to check the inbox.
 */
export async function signUp(
  page: Page,
  account: { email: string; name: string; businessName: string; country?: string },
  locale: Locale = "en",
  options: { checkAccessible?: boolean } = {},
) {
  await page.goto("/dashboard/sign-up");
  await page.getByLabel(message(locale, "auth.fields.name")).fill(account.name);
  await page.getByLabel(message(locale, "auth.fields.businessName")).fill(account.businessName);
  if (account.country) {
    await expect(page.getByLabel(message(locale, "activation.country.label"))).toBeVisible();
    await page.getByLabel(message(locale, "activation.country.label")).selectOption(account.country);
  }
  await page.getByLabel(message(locale, "auth.fields.email")).fill(account.email);
  await page.getByLabel(message(locale, "auth.fields.password")).fill(SIGN_UP_PASSWORD);
  if (options.checkAccessible) await expectNoAxeViolations(page);
  await page.getByRole("button", { name: message(locale, "auth.signUp.submit") }).click();
  // Sign-up hashes the password and makes the merchant: slow on a loaded machine.
  await expect(page.getByRole("heading", { name: message(locale, "auth.verifyEmail.title") })).toBeVisible({ timeout: 20_000 });
}

/** Signs up a new merchant and verifies its e-mail (which signs in): the page is on its dashboard as owner. */
export async function signUpVerifiedOwner(page: Page, businessName: string): Promise<string> {
  const email = uniqueEmail("other-owner");
  await signUp(page, { email, name: "Kofi Mensah", businessName });
  await openMailLink(page, email, message("en", "auth.mail.verify.subject"));
  await expect(page.getByRole("banner")).toContainText(businessName, { timeout: 15_000 });
  return email;
}

/**
 * An HTTPS webhook receiver with e2e/serve.ts's throwaway certificate (which the server trusts),
 * on a port serve.ts lets through the SSRF guard; it answers 200 "thanks" and keeps every body.
 */
export async function startReceiver(port: number) {
  const tlsDir = path.join(import.meta.dirname, ".state", "tls");
  const received: { body: string }[] = [];
  const server = https.createServer({ key: fs.readFileSync(path.join(tlsDir, "key.pem")), cert: fs.readFileSync(path.join(tlsDir, "cert.pem")) }, (req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ body });
      res.writeHead(200).end("thanks");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Waits until React has hydrated `button` (its props attached). A tap before that posts its form
 * natively, as without JavaScript: right for the customer, but a test that captures the server
 * action's own request (its next-action header) would wait for one that never comes.
 */
export async function hydrated(button: Locator) {
  await expect.poll(() => button.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps"))), { timeout: 30_000 }).toBe(true);
}
