import "server-only";
import type { GatewayAdapter } from "./adapter";
import { createMtnMomoAdapter } from "./mtn-momo/mtn-momo-adapter";
import { createMtnMomoClient } from "./mtn-momo/mtn-momo-client";
import { readMtnMomoConfig } from "./mtn-momo/mtn-momo-config";
import { liveGateways, operatorOfGateway } from "./operators/operator-gateways";

// The production operators behind the GatewayAdapter seam. Only gateways liveGateways() offers
// (operator configured, country served) get one; every other live gateway answers 502 and
// nothing is created. The configuration is read on each call (tests and a restart-free change of
// credentials see it) and the client is kept while it stays the same: its token cache and circuit
// live as long as the process.

let mtnMomo: { key: string; adapter: GatewayAdapter } | null = null;

function mtnMomoAdapter(): GatewayAdapter | null {
  const config = readMtnMomoConfig();
  if (!config) return null;
  const key = JSON.stringify(config);
  if (mtnMomo?.key !== key) mtnMomo = { key, adapter: createMtnMomoAdapter(createMtnMomoClient(config)) };
  return mtnMomo.adapter;
}

/** The operators whose client is wired into the seam (Wave and Orange Money: not yet). */
const WIRED = new Set(["mtn-momo"]);

/** The live gateways a deposit or the live checkout can use here: configured and wired. */
export function liveGatewaysInService(): Set<string> {
  return new Set([...liveGateways()].filter((name) => WIRED.has(operatorOfGateway(name) ?? "")));
}

export function liveAdapter(gatewayName: string): GatewayAdapter | null {
  if (!liveGatewaysInService().has(gatewayName)) return null;
  switch (operatorOfGateway(gatewayName)) {
    case "mtn-momo":
      return mtnMomoAdapter();
    // Wave (REDIRECT) and Orange Money (OTP) clients exist but are not wired yet: 502 as before.
    default:
      return null;
  }
}
