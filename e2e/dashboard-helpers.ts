import { createHmac } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { e2eMerchant } from "./helpers";

// TEMPORARY sign-in for the dashboard specs: the signed dev_member cookie that the temporary
// lib/auth/session-member.ts reads (same secret as e2e/serve.ts). After the auth branch's merge
// this becomes a real sign-in through /dashboard/sign-in.
const SECRET = process.env.DEV_MEMBER_SECRET ?? "e2e dashboard member secret";

export type Role = "owner" | "admin" | "developer" | "viewer";

export async function signInAsMember(page: Page, options: { role?: Role; merchantId?: string } = {}) {
  const merchantId = options.merchantId ?? e2eMerchant().id;
  const role = options.role ?? "owner";
  const mac = createHmac("sha256", SECRET).update(`${merchantId}.${role}`).digest("hex");
  const baseURL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`;
  await page.context().addCookies([{ name: "dev_member", value: `${merchantId}.${role}.${mac}`, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/** Every axe violation, whatever its impact: the dashboard must have none. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}
