import type { DbClient } from "@/lib/core/db/client";
import { computeFeesMinor } from "@/lib/core/domain/fees";
import { toMajor } from "@/lib/core/domain/money";
import { feeSchedule } from "@/lib/integrations/gateways/gateway-rules";
import type { Environment } from "@/lib/core/domain/environment";
import { listGateways } from "@/lib/integrations/gateways/list-gateways";
import { liveGatewaysInService } from "@/lib/integrations/gateways/live-adapters";

export type CheckoutGateway = { name: string; provider: string; type: string; fees: number; total: number };
export type CheckoutCountry = { code: string; gateways: CheckoutGateway[] };

/**
 * The gateways a customer can pay a link with (enabled for its merchant, accepting its
 * currency, and live only where an operator is configured and wired: liveGatewaysInService()),
 * grouped by country, each with its fees and the total, so the page shows them
 * without another round trip.
 */
export async function checkoutGateways(
  client: DbClient,
  link: { merchantId: string; environment: Environment; currency: string; amountMinor: bigint },
): Promise<CheckoutCountry[]> {
  const inService = link.environment === "live" ? liveGatewaysInService() : null;
  const gateways = (await listGateways(client, "deposit", link.merchantId)).filter(
    (g) => g.allowedCurrencies.includes(link.currency) && (!inService || inService.has(g.name)),
  );
  const byCountry = new Map<string, CheckoutGateway[]>();
  for (const g of gateways) {
    const feesMinor = computeFeesMinor(link.amountMinor, link.currency, feeSchedule(g));
    const entry = {
      name: g.name,
      provider: g.provider ?? g.name,
      type: g.type,
      fees: toMajor(feesMinor, link.currency),
      total: toMajor(link.amountMinor + feesMinor, link.currency),
    };
    for (const country of g.allowedCountries) byCountry.set(country, [...(byCountry.get(country) ?? []), entry]);
  }
  return [...byCountry.entries()].map(([code, list]) => ({ code, gateways: list }));
}

/** The country of the gateway a customer chose, checked against what the page offered. */
export function gatewayServesCountry(countries: CheckoutCountry[], gatewayName: string, country: string): boolean {
  return countries.some((c) => c.code === country && c.gateways.some((g) => g.name === gatewayName));
}
