import type { Environment } from "@/lib/core/domain/environment";
import type { GatewayAdapter } from "./adapter";
import { liveAdapter } from "./live-adapters";
import { sandboxSimulator } from "./sandbox-simulator";

// Which adapter serves a deposit's gateway. Apart from adapter.ts (the types), so that the
// implementations, which import the types, are never imported back by the module they implement.

/** The sandbox simulator, or the live operator serving the gateway here (null: 502, nothing created). */
export function gatewayAdapter(gatewayName: string, environment: Environment): GatewayAdapter | null {
  return environment === "sandbox" ? sandboxSimulator : liveAdapter(gatewayName);
}
