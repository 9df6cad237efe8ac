import { db, sqlOn } from "@/lib/core/db/client";
import { ttlCache } from "@/lib/core/cache/ttl-cache";
import { gatewayCallSource, liveGatewaysInService } from "@/lib/integrations/gateways/live-adapters";
import { announcedDepositStates } from "@/lib/integrations/gateways/operators/announced-states";
import { readOperatorAvailability, type AvailabilityState, type Direction, type OperatorAvailability } from "./operator-availability";

// The live gateways' availability, per operation, from their operators' (operator-availability.ts):
// what the public status, the checkout and support show. Cached a few seconds per process
// (OPERATOR_AVAILABILITY_CACHE_TTL_MS, default 15 s): every checkout page asks, the figures move
// by the minute. Where an operator publishes its providers' state (pawaPay), the worse of that and
// our figures is a deposit's state (announced-states.ts: never waited for).

export type GatewayAvailability = {
  gateway: string;
  operator: string;
  operations: Record<Direction, { state: AvailabilityState; successRate: number | null; p95Ms: number | null; calls: number }>;
};

const cache = ttlCache<GatewayAvailability[]>("OPERATOR_AVAILABILITY_CACHE_TTL_MS", 15_000);

const RANK: Record<AvailabilityState, number> = { operational: 0, delayed: 1, closed: 2 };

const quiet = { state: "operational" as const, successRate: null, p95Ms: null, calls: 0 };

/** Every live gateway in service, with each operation's state (operational when its operator was not called in the window). */
export async function readGatewayAvailability(now = new Date()): Promise<GatewayAvailability[]> {
  const kept = cache.get("all");
  if (kept) return kept;
  const [figures, announced] = await Promise.all([readOperatorAvailability(sqlOn(db()), now), announcedDepositStates()]);
  const find = (operator: string, scope: string | null, direction: Direction): OperatorAvailability | undefined =>
    figures.find((f) => f.operator === operator && f.scope === scope && f.direction === direction);
  const gateways: GatewayAvailability[] = [];
  for (const gateway of [...liveGatewaysInService()].sort()) {
    const source = gatewayCallSource(gateway);
    if (!source) continue;
    const operation = (direction: Direction) => {
      const found = find(source.operator, source.scope, direction);
      return found ? { state: found.state, successRate: found.successRate, p95Ms: found.p95Ms, calls: found.answered + found.failed } : quiet;
    };
    const deposit = operation("deposit");
    const said = announced.get(gateway);
    const worse = said && RANK[said] > RANK[deposit.state] ? { ...deposit, state: said } : deposit;
    gateways.push({ gateway, operator: source.operator, operations: { deposit: worse, payout: operation("payout") } });
  }
  cache.set("all", gateways);
  return gateways;
}

/** The state of one live gateway's operation, for the checkout's notice ("MTN MoMo répond lentement"). */
export async function gatewayState(gateway: string, direction: Direction = "deposit"): Promise<AvailabilityState> {
  return (await readGatewayAvailability()).find((g) => g.gateway === gateway)?.operations[direction].state ?? "operational";
}
