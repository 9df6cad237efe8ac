import "server-only";
import type { GatewayAdapter, GatewayOutcome } from "./adapter";
import { createMtnMomoPayouts } from "./mtn-momo/mtn-momo-payouts";
import { createMtnMomoAdapter } from "./mtn-momo/mtn-momo-adapter";
import { createMtnMomoClient } from "./mtn-momo/mtn-momo-client";
import { readMtnMomoConfig } from "./mtn-momo/mtn-momo-config";
import { liveGateways, operatorOfGateway } from "./operators/operator-gateways";
import { createOrangeMoneyAdapter } from "./orange-money/orange-money-adapter";
import { createOrangeMoneyClient } from "./orange-money/orange-money-client";
import { readOrangeMoneyConfig } from "./orange-money/orange-money-config";
import { createWaveAdapter } from "./wave/wave-adapter";
import { createWavePayouts } from "./wave/wave-payouts";
import { createWaveClient } from "./wave/wave-client";
import { readWaveConfig } from "./wave/wave-config";

// The production operators behind the GatewayAdapter seam. Only gateways liveGateways() offers
// (operator configured, country served) get one; every other live gateway answers 502 and
// nothing is created. The configuration is read on each call (tests and a restart-free change of
// credentials see it) and the client is kept while it stays the same: its token cache and circuit
// live as long as the process.

const cache = new Map<string, { key: string; adapter: GatewayAdapter }>();

function cached<C>(operator: string, config: C | null, create: (config: C) => GatewayAdapter): GatewayAdapter | null {
  if (!config) return null;
  const key = JSON.stringify(config);
  const kept = cache.get(operator);
  if (kept?.key === key) return kept.adapter;
  const adapter = create(config);
  cache.set(operator, { key, adapter });
  return adapter;
}

/** The operators whose client is wired into the seam. */
const WIRED = new Set(["mtn-momo", "wave", "orange-money"]);

/** The live gateways a deposit or the live checkout can use here: configured and wired. */
export function liveGatewaysInService(): Set<string> {
  return new Set([...liveGateways()].filter((name) => WIRED.has(operatorOfGateway(name) ?? "")));
}

export function liveAdapter(gatewayName: string): GatewayAdapter | null {
  if (!liveGatewaysInService().has(gatewayName)) return null;
  switch (operatorOfGateway(gatewayName)) {
    case "mtn-momo":
      return cached("mtn-momo", readMtnMomoConfig(), (config) => createMtnMomoAdapter(createMtnMomoClient(config)));
    case "wave":
      return cached("wave", readWaveConfig(), (config) => createWaveAdapter(createWaveClient(config)));
    case "orange-money":
      return cached("orange-money", readOrangeMoneyConfig(), (config) => createOrangeMoneyAdapter(createOrangeMoneyClient(config)));
    default:
      return null;
  }
}

export type TransferForGateway = {
  reference: string;
  operatorRequestId: string | null;
  amountMinor: bigint;
  currency: string;
  beneficiaryPhone: string;
  createdAt: Date;
};

/**
 * A live payout operator (DIRECT transfers). `send` is idempotent by the transfer's request id,
 * so it may be called again whenever the operator does not know the payout ("not_found").
 */
export type PayoutAdapter = {
  /** The id stored on the transfer before any call (MTN: a new X-Reference-Id; Wave: our reference, its idempotency key). */
  newRequestId(transfer: { reference: string }): string;
  /** Returns the operator's id for the payout when it assigns one (a Wave payout id): stored in place of ours. */
  send(transfer: TransferForGateway): Promise<{ operatorRequestId?: string }>;
  status(transfer: TransferForGateway): Promise<GatewayOutcome | "not_found">;
};

/** The payout operator of a live DIRECT withdrawal gateway, when configured (MTN Disbursement, Wave payouts). */
export function livePayoutAdapter(gatewayName: string): PayoutAdapter | null {
  if (!liveGatewaysInService().has(gatewayName)) return null;
  const operator = operatorOfGateway(gatewayName);
  // The cache holds seam adapters; payout adapters share it under their own names.
  const payouts = (name: string, config: object | null, create: () => PayoutAdapter) =>
    cached(name, config, () => create() as unknown as GatewayAdapter) as unknown as PayoutAdapter | null;
  if (operator === "mtn-momo") {
    const config = readMtnMomoConfig();
    return payouts("mtn-momo-payouts", config?.disbursementSubscriptionKey ? config : null, () => createMtnMomoPayouts(createMtnMomoClient(config!)));
  }
  if (operator === "wave") {
    const config = readWaveConfig();
    return payouts("wave-payouts", config, () => createWavePayouts(createWaveClient(config!)));
  }
  return null;
}
