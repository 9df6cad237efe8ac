import type { Deposit } from "@prisma/client";
import type { GatewayAdapter } from "./adapter";
import { liveAdapter } from "./live-adapters";
import { sandboxSimulator } from "./sandbox-simulator";

// Which adapter serves a deposit. Apart from adapter.ts (the types), so that the implementations,
// which import the types, are never imported back by the module they implement.

/**
 * The sandbox simulator, or the live operator a deposit goes through: the one it was made through
 * (Deposit.operator; for a deposit being made, the one serving its gateway now: liveOperator).
 * Null: no operator serves it here (502 on a new one, nothing created).
 */
export function depositAdapter(deposit: Pick<Deposit, "gatewayName" | "environment" | "operator">): GatewayAdapter | null {
  return deposit.environment === "sandbox" ? sandboxSimulator : liveAdapter(deposit.gatewayName, deposit.operator);
}
