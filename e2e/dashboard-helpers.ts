import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export type Role = "owner" | "admin" | "developer" | "viewer";

/** The E2E merchant's dashboard logins, one per role (made by e2e/serve.ts with member:create). */
function memberLogin(role: Role): { email: string; password: string } {
  return JSON.parse(fs.readFileSync(path.join(import.meta.dirname, ".state", "members.json"), "utf8"))[role];
}

/** Signs in through the real sign-in page as the E2E merchant's member of that role. */
export async function signInAsMember(page: Page, options: { role?: Role } = {}) {
  const login = memberLogin(options.role ?? "owner");
  await page.goto("/dashboard/sign-in");
  await page.getByLabel("E-mail").fill(login.email);
  await page.getByLabel("Password").fill(login.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).not.toHaveURL(/\/dashboard\/sign-in/, { timeout: 15_000 });
}

/** Every axe violation, whatever its impact: the dashboard must have none. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}
