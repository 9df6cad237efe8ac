import "server-only";
import type { GatewayAdapter, PayoutAdapter, RefundAdapter } from "./adapter";
import { liveGateways, servingPlugin } from "./operators/operator-gateways";
import type { MoneyOutFactory, Operation, OperatorGateway, OperatorPlugin } from "./operators/operator-plugin";

// The production operators behind the GatewayAdapter seam, from their plug-ins (operators/registry.ts).
// Only gateways liveGateways() offers (operator configured, country served) get one, and only for
// the operations their plug-in lists; every other live gateway answers 502 and nothing is created.
// The configuration is read on each call (tests and a restart-free change of credentials see it)
// and the adapter is kept while it stays the same: its client's token cache and circuit live as
// long as the process.

/** The live gateways a deposit or the live checkout can use here: configured, and served by a plug-in. */
export function liveGatewaysInService(): Set<string> {
  return liveGateways();
}

type Served = { plugin: OperatorPlugin; gateway: OperatorGateway; config: unknown };

/** A live gateway in service for `operation`: the plug-in serving it here (a direct operator or an aggregator), with its country's configuration. */
function served(gatewayName: string, operation: Operation): Served | null {
  const found = servingPlugin(gatewayName);
  return found?.gateway.operations.includes(operation) ? found : null;
}

const kept = new Map<string, { key: string; adapter: unknown }>();

/** One adapter per operator account and operation (per country where each country is an account: MTN; per gateway where the factory says so: pawaPay's payouts). */
function keep<A>({ plugin, gateway, config }: Served, operation: Operation, create: (config: unknown, gatewayName: string) => A, perGateway = false): A {
  const slot = `${plugin.id}:${operation}${perGateway ? `:${gateway.name}` : plugin.settings.accountPerCountry ? `:${gateway.country}` : ""}`;
  const key = JSON.stringify(config);
  const found = kept.get(slot);
  if (found?.key === key) return found.adapter as A;
  const adapter = create(config, gateway.name);
  kept.set(slot, { key, adapter });
  return adapter;
}

export function liveAdapter(gatewayName: string): GatewayAdapter | null {
  const live = served(gatewayName, "deposit");
  return live && keep(live, "deposit", live.plugin.deposit);
}

/** A payout or refund operator of a live gateway, when its plug-in offers the operation there and its configuration allows it. */
function moneyOut<A>(gatewayName: string, operation: "payout" | "refund", factoryOf: (plugin: OperatorPlugin) => MoneyOutFactory<unknown, A> | undefined): A | null {
  const live = served(gatewayName, operation);
  const factory = live && factoryOf(live.plugin);
  if (!live || !factory || factory.available?.(live.config) === false) return null;
  return keep(live, operation, factory.create, factory.perGateway);
}

/** The payout operator of a live withdrawal gateway, when configured (MTN Disbursement, Wave payouts, pawaPay). */
export function livePayoutAdapter(gatewayName: string): PayoutAdapter | null {
  return moneyOut(gatewayName, "payout", (plugin) => plugin.payout);
}

/**
 * How a live payment made through `gatewayName` is given back to the customer, or null where the
 * operator offers no way we use (Orange Money: support refunds by hand and records it).
 */
export function liveRefundAdapter(gatewayName: string): RefundAdapter | null {
  return moneyOut(gatewayName, "refund", (plugin) => plugin.refund);
}

/**
 * Whose calls a live gateway's availability is read from (the OperatorCall log's operator and
 * scope, as its client's circuit names them): the plug-in's call scope of the gateway's country's
 * configuration (MTN: its target environment), else none. Null for a gateway of no operator we
 * know; the caller picks the gateways (liveGatewaysInService).
 */
export function gatewayCallSource(gatewayName: string): { operator: string; scope: string | null } | null {
  const found = servingPlugin(gatewayName);
  if (!found) return null;
  const { plugin, config } = found;
  return { operator: plugin.id, scope: plugin.settings.callScope?.(config) ?? null };
}
