import type { GatewayKind } from "@prisma/client";
import type { DbClient } from "@/lib/db/client";

/**
 * The enabled gateways of one kind: the platform's, or only those enabled for a merchant.
 * Catalog order is kept so the lists are stable for clients and the checkout.
 */
export async function listGateways(client: DbClient, kind: GatewayKind, merchantId: string | null) {
  return client.gateway.findMany({
    where: { kind, enabled: true, ...(merchantId ? { merchants: { some: { merchantId } } } : {}) },
    orderBy: { sortOrder: "asc" },
  });
}

type GatewayRow = Awaited<ReturnType<typeof listGateways>>[number];

export function toDepositGatewayJson(g: GatewayRow) {
  return {
    name: g.name,
    provider: g.provider ?? g.name,
    allowedCountries: g.allowedCountries,
    allowedCurrencies: g.allowedCurrencies,
    type: g.type,
  };
}

// The spec's withdrawal elements carry no provider field.
export function toWithdrawalGatewayJson(g: GatewayRow) {
  return { name: g.name, allowedCountries: g.allowedCountries, allowedCurrencies: g.allowedCurrencies, type: g.type };
}
