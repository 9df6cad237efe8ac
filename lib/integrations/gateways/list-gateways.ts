import type { Gateway, GatewayKind } from "@prisma/client";
import { ttlCache } from "@/lib/core/cache/ttl-cache";
import type { DbClient } from "@/lib/core/db/client";

// Every deposit, transfer, checkout page and gateway list reads the gateway catalog and the
// merchant's enabled gateways, which change only when the catalog is seeded or a merchant is
// created (a new merchant is never cached before it exists). So each process keeps them a few
// seconds instead of asking the database on every request; a change made straight in the
// database is seen within the TTL. A miss is read through the caller's client: on PGlite, one
// connection, a read outside a caller's open transaction would wait for it to end, forever.
//   GATEWAY_CACHE_TTL_MS  default 10000; 0 turns the cache off
const cache = ttlCache<Promise<Gateway[]>>("GATEWAY_CACHE_TTL_MS", 10_000);

function queryGateways(client: DbClient, kind: GatewayKind, merchantId: string | null) {
  return client.gateway.findMany({
    where: { kind, enabled: true, ...(merchantId ? { merchants: { some: { merchantId } } } : {}) },
    orderBy: { sortOrder: "asc" },
  });
}

/**
 * The enabled gateways of one kind: the platform's, or only those enabled for a merchant.
 * Catalog order is kept so the lists are stable for clients and the checkout.
 */
export function listGateways(client: DbClient, kind: GatewayKind, merchantId: string | null): Promise<Gateway[]> {
  const id = `${kind}:${merchantId ?? ""}`;
  const cached = cache.get(id);
  if (cached) return cached;
  // The promise is kept, so concurrent requests share one query; a failed one is not kept.
  const gateways = queryGateways(client, kind, merchantId);
  cache.set(id, gateways);
  gateways.catch(() => cache.delete(id));
  return gateways;
}

/** One of the merchant's enabled gateways by name, or null. */
export async function findMerchantGateway(client: DbClient, kind: GatewayKind, merchantId: string, name: string): Promise<Gateway | null> {
  return (await listGateways(client, kind, merchantId)).find((g) => g.name === name) ?? null;
}

export function toDepositGatewayJson(g: Gateway) {
  return {
    name: g.name,
    provider: g.provider ?? g.name,
    allowedCountries: g.allowedCountries,
    allowedCurrencies: g.allowedCurrencies,
    type: g.type,
  };
}

// The spec's withdrawal elements carry no provider field.
export function toWithdrawalGatewayJson(g: Gateway) {
  return { name: g.name, allowedCountries: g.allowedCountries, allowedCurrencies: g.allowedCurrencies, type: g.type };
}
