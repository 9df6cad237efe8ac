import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Environment } from "./environment";

// What a merchant key may do. New keys get every scope; restricted keys get a subset.
export const SCOPES = [
  "links:read",
  "links:write",
  "deposits:read",
  "deposits:write",
  "gateways:read",
  "balance:read",
  "transfers:read",
  "transfers:write",
  // Approving a batch of transfers another member made (issue 49: maker-checker).
  "transfers:approve",
  "analytics:read",
  "events:read",
  "refunds:read",
  "refunds:write",
] as const;
export type Scope = (typeof SCOPES)[number];

const KEY_PREFIX: Record<Environment, string> = { sandbox: "sk_test_", live: "sk_live_" };
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function randomBase62(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = "";
  // Rejection sampling keeps every character equally likely.
  for (const byte of bytes) {
    if (byte < 248) out += BASE62[byte % 62];
    if (out.length === length) return out;
  }
  return out + randomBase62(length - out.length);
}

export function generateApiKey(environment: Environment): string {
  return KEY_PREFIX[environment] + randomBase62(40);
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function keyDisplayPrefix(key: string): string {
  return key.slice(0, 14);
}

export function looksLikeApiKey(value: string): boolean {
  return /^sk_(test|live)_[0-9A-Za-z]{20,100}$/.test(value);
}

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

export function generateWebhookSecret(): string {
  // Standard Webhooks secrets are "whsec_" + base64 of 24 to 64 random bytes.
  return `whsec_${randomBytes(32).toString("base64")}`;
}
