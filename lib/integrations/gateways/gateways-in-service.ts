import "server-only";
import type { Gateway, GatewayKind } from "@prisma/client";
import type { Environment } from "@/lib/core/domain/environment";
import type { DbClient } from "@/lib/core/db/client";
import { listGateways } from "./list-gateways";
import { liveGatewaysInService, livePayoutAdapter } from "./live-adapters";

// What a merchant (or anyone, without a key) is offered: in the sandbox every enabled gateway (the
// simulator answers for all); live, only those an operator serves here, directly or through
// pawaPay (liveGatewaysInService), and, for payouts, those whose operator pays out. A live bank
// transfer (SCHEDULED) or a MANUAL payout needs no operator: support pays them.

/** The enabled gateways of a kind (the merchant's, or the platform's without one) that can be used now in an environment. */
export async function listGatewaysInService(client: DbClient, kind: GatewayKind, merchantId: string | null, environment: Environment): Promise<Gateway[]> {
  const gateways = await listGateways(client, kind, merchantId);
  if (environment === "sandbox") return gateways;
  const live = liveGatewaysInService();
  return gateways.filter((gateway) => (gateway.kind === "deposit" ? live.has(gateway.name) : gateway.type !== "DIRECT" || livePayoutAdapter(gateway.name) !== null));
}
