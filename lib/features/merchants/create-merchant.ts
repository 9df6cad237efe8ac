import { isIsoCountry } from "@/lib/core/domain/countries";
import { ulid } from "@/lib/core/domain/ulid";
import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { SCOPES, generateApiKey, generateWebhookSecret, hashApiKey, keyDisplayPrefix, type Scope } from "@/lib/core/domain/api-keys";

export type CreatedMerchant = { id: string; name: string; sandboxKey: string; liveKey: string; webhookSecret: string };
export type CreatedMerchantWithoutKeys = Omit<CreatedMerchant, "sandboxKey" | "liveKey">;

/** Data for one API key row; the plaintext key is returned to the caller once and never stored. */
export function newApiKeyRow(merchantId: string, environment: Environment, scopes: readonly Scope[] = SCOPES) {
  const key = generateApiKey(environment);
  return {
    key,
    row: { id: `key_${ulid()}`, merchantId, environment, prefix: keyDisplayPrefix(key), hash: hashApiKey(key), scopes: [...scopes] },
  };
}

type MerchantOptions = { name: string; country?: string; liveActivated?: boolean };

/**
 * Creates a merchant with a sandbox and a live key and every platform gateway enabled. Its live
 * payments are activated at once (merchant:create is run by the platform's own people), unless
 * `liveActivated: false` (a dashboard sign-up: live waits for support's approval, lib/features/activation).
 * With `apiKeys: false` (dashboard sign-up) it has no key yet: its first one is made, and shown
 * once, in the dashboard (lib/features/api-keys/first-keys.ts), rather than made here and never shown.
 */
export async function createMerchant(client: DbClient, options: MerchantOptions): Promise<CreatedMerchant>;
export async function createMerchant(client: DbClient, options: MerchantOptions & { apiKeys: false }): Promise<CreatedMerchantWithoutKeys>;
export async function createMerchant(client: DbClient, options: MerchantOptions & { apiKeys?: boolean }): Promise<CreatedMerchant | CreatedMerchantWithoutKeys> {
  const name = options.name.trim();
  if (!name) throw new Error("A merchant needs a name");
  const country = options.country?.trim().toUpperCase() || null;
  if (country && !isIsoCountry(country)) throw new Error(`${options.country} is not an ISO 3166-1 alpha-2 country code`);
  const id = `mer_${ulid()}`;
  const webhookSecret = generateWebhookSecret();
  const sandbox = newApiKeyRow(id, "sandbox");
  const live = newApiKeyRow(id, "live");
  const gateways = await client.gateway.findMany({ where: { enabled: true }, select: { kind: true, name: true } });

  await client.merchant.create({
    data: {
      id,
      name,
      country,
      liveActivatedAt: options.liveActivated === false ? null : new Date(),
      webhookSecret,
      ...(options.apiKeys === false ? {} : { apiKeys: { create: [sandbox.row, live.row].map(({ merchantId: _m, ...row }) => row) } }),
      gateways: { create: gateways.map((g) => ({ kind: g.kind, gatewayName: g.name })) },
    },
  });
  if (options.apiKeys === false) return { id, name, webhookSecret };
  return { id, name, sandboxKey: sandbox.key, liveKey: live.key, webhookSecret };
}
