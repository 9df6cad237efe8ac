import "server-only";
import type { GatewayAdapter, PayoutAdapter, RefundAdapter } from "./adapter";
import { createMtnMomoPayouts } from "./mtn-momo/mtn-momo-payouts";
import { createMtnMomoAdapter } from "./mtn-momo/mtn-momo-adapter";
import { createMtnMomoClient } from "./mtn-momo/mtn-momo-client";
import { readMtnMomoConfig, type MtnMomoConfig } from "./mtn-momo/mtn-momo-config";
import { createMtnMomoRefunds } from "./mtn-momo/mtn-momo-refunds";
import { countryOfGateway, liveGateways, operatorOfGateway } from "./operators/operator-gateways";
import { createOrangeMoneyAdapter } from "./orange-money/orange-money-adapter";
import { createOrangeMoneyClient } from "./orange-money/orange-money-client";
import { readOrangeMoneyConfig } from "./orange-money/orange-money-config";
import { createWaveAdapter } from "./wave/wave-adapter";
import { createWavePayouts } from "./wave/wave-payouts";
import { createWaveRefunds } from "./wave/wave-refunds";
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
      // MTN's credentials and target environment are per country: one client per country.
      return cached(`mtn-momo:${countryOfGateway(gatewayName)}`, mtnMomoConfig(gatewayName), (config) => createMtnMomoAdapter(createMtnMomoClient(config)));
    case "wave":
      return cached("wave", readWaveConfig(), (config) => createWaveAdapter(createWaveClient(config)));
    case "orange-money":
      return cached("orange-money", readOrangeMoneyConfig(), (config) => createOrangeMoneyAdapter(createOrangeMoneyClient(config)));
    default:
      return null;
  }
}

/** The payout operator of a live withdrawal gateway, when configured (MTN Disbursement, Wave payouts). */
export function livePayoutAdapter(gatewayName: string): PayoutAdapter | null {
  if (!liveGatewaysInService().has(gatewayName)) return null;
  const operator = operatorOfGateway(gatewayName);
  if (operator === "mtn-momo") {
    return moneyOut(`mtn-momo-payouts:${countryOfGateway(gatewayName)}`, mtnMomoConfig(gatewayName, "disbursement"), (c) => createMtnMomoPayouts(createMtnMomoClient(c)));
  }
  if (operator === "wave") return moneyOut("wave-payouts", readWaveConfig(), (c) => createWavePayouts(createWaveClient(c)));
  return null;
}

/**
 * How a live payment made through `gatewayName` is given back to the customer, or null where the
 * operator offers no way we use (Orange Money: support refunds by hand and records it).
 */
export function liveRefundAdapter(gatewayName: string): RefundAdapter | null {
  if (!liveGatewaysInService().has(gatewayName)) return null;
  const operator = operatorOfGateway(gatewayName);
  // Orange Money: no refund or reversal API for merchant payments is found in any source; Cash-In
  // (POST /api/eWallet/v1/cashins) needs a retailer wallet and its RSA-encrypted PIN, out of scope.
  // Support refunds by hand and records it (docs/operators.md, "Orange Money", refunds).
  if (operator === "orange-money") return null;
  // MTN refunds a request-to-pay through Disbursement (its token and subscription key).
  if (operator === "mtn-momo") {
    return moneyOut(`mtn-momo-refunds:${countryOfGateway(gatewayName)}`, mtnMomoConfig(gatewayName, "disbursement"), (c) => createMtnMomoRefunds(createMtnMomoClient(c)));
  }
  if (operator === "wave") return moneyOut("wave-refunds", readWaveConfig(), (c) => createWaveRefunds(createWaveClient(c)));
  return null;
}

/** The MTN configuration of a gateway's country; with "disbursement", only when it has the Disbursement key. */
function mtnMomoConfig(gatewayName: string, product: "collection" | "disbursement" = "collection"): MtnMomoConfig | null {
  const config = readMtnMomoConfig(process.env, countryOfGateway(gatewayName));
  return product === "disbursement" && !config?.disbursementSubscriptionKey ? null : config;
}

// Payout and refund adapters are kept like the seam's, under their own names.
const moneyOutCache = new Map<string, { key: string; adapter: unknown }>();

function moneyOut<C, A>(name: string, config: C | null, create: (config: C) => A): A | null {
  if (!config) return null;
  const key = JSON.stringify(config);
  const kept = moneyOutCache.get(name);
  if (kept?.key === key) return kept.adapter as A;
  const adapter = create(config);
  moneyOutCache.set(name, { key, adapter });
  return adapter;
}

/**
 * Whose calls a live gateway's availability is read from (the OperatorCall log's operator and
 * scope, as its client's circuit names them): MTN's per country's platform (its target
 * environment), the others per operator. Null for a gateway of no operator we know; the caller
 * picks the gateways (liveGatewaysInService).
 */
export function gatewayCallSource(gatewayName: string): { operator: string; scope: string | null } | null {
  const operator = operatorOfGateway(gatewayName);
  if (!operator) return null;
  return { operator, scope: operator === "mtn-momo" ? (mtnMomoConfig(gatewayName)?.targetEnvironment ?? null) : null };
}
