import fs from "node:fs";
import path from "node:path";

export type E2EMerchant = { id: string; name: string; sandboxKey: string; liveKey: string; webhookSecret: string };

/** The merchant e2e/serve.ts created before starting the server. */
export function e2eMerchant(): E2EMerchant {
  return JSON.parse(fs.readFileSync(path.join(import.meta.dirname, ".state", "merchant.json"), "utf8"));
}

export const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

/** admin and support were created with --password; oneTime without, so its password must be replaced at first sign-in. */
export type E2EStaff = Record<"admin" | "support" | "oneTime", { email: string; password: string }>;

export function e2eStaff(): E2EStaff {
  return JSON.parse(fs.readFileSync(path.join(import.meta.dirname, ".state", "staff.json"), "utf8"));
}
