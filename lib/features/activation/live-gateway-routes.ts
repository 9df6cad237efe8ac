import type { DbClient } from "@/lib/core/db/client";
import { listGateways } from "@/lib/integrations/gateways/list-gateways";
import { servingPlugin } from "@/lib/integrations/gateways/operators/operator-gateways";

/** How one of the merchant's payment methods is served live: by its own operator, through an aggregator (pawaPay), or not yet. */
export type LiveGatewayRoute = { name: string; provider: string; route: "direct" | "aggregator" | "none"; operator: string | null };

/**
 * The merchant's enabled deposit gateways, each with who serves it live here (servingPlugin: a
 * direct operator, or pawaPay where none is configured or its settings route it), for the
 * activation page: which methods live payments will offer, and through whom.
 */
export async function liveGatewayRoutes(client: DbClient, merchantId: string): Promise<LiveGatewayRoute[]> {
  const gateways = await listGateways(client, "deposit", merchantId);
  return gateways.map((gateway) => {
    const served = servingPlugin(gateway.name);
    return {
      name: gateway.name,
      provider: gateway.provider ?? gateway.name,
      route: !served ? "none" : served.plugin.aggregator ? "aggregator" : "direct",
      operator: served?.plugin.name ?? null,
    };
  });
}
