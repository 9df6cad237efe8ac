import "server-only";
import type { GatewayAdapter, PayoutAdapter, RefundAdapter } from "./adapter";
import { liveGateways, operatorOfRow, servingPlugin } from "./operators/operator-gateways";
import type { MoneyOutFactory, Operation, OperatorGateway, OperatorPlugin } from "./operators/operator-plugin";

// The production operators behind the GatewayAdapter seam, from their plug-ins (operators/registry.ts).
// Only gateways liveGateways() offers (operator configured, country served) get one, and only for
// the operations their plug-in lists; every other live gateway answers 502 and nothing is created.
// The configuration is read on each call (tests and a restart-free change of credentials see it)
// and the adapter is kept while it stays the same: its client's token cache and circuit live as
// long as the process. What is made now goes to the operator serving its gateway now
// (liveOperator records which); what was made goes on with the operator it was made through
// (`operator`: the row's, operatorOfRow), whoever serves its gateway since.

/** The live gateways a deposit or the live checkout can use here: configured, and served by a plug-in. */
export function liveGatewaysInService(): Set<string> {
  return liveGateways();
}

type Served = { plugin: OperatorPlugin; gateway: OperatorGateway; config: unknown };

/**
 * A live gateway's operator for `operation`, with its country's configuration: for a row, the
 * operator it was made through (`operator`; null: made before operators were recorded), else the
 * plug-in serving the gateway here now (a direct operator or an aggregator).
 */
function served(gatewayName: string, operation: Operation, operator?: string | null): Served | null {
  const found = operator === undefined ? servingPlugin(gatewayName) : operatorOfRow(gatewayName, operator);
  return found?.gateway.operations.includes(operation) ? found : null;
}

/** The operator a live deposit, payout or refund made now for this gateway goes through (the row's `operator`); null: none serves it here. */
export function liveOperator(gatewayName: string): string | null {
  return servingPlugin(gatewayName)?.plugin.id ?? null;
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

/** The deposit adapter of a live gateway: of the operator serving it now, or, for a deposit, of its own `operator`. */
export function liveAdapter(gatewayName: string, operator?: string | null): GatewayAdapter | null {
  const live = served(gatewayName, "deposit", operator);
  return live && keep(live, "deposit", live.plugin.deposit);
}

/** A payout or refund operator of a live gateway, when its plug-in offers the operation there and its configuration allows it. */
function moneyOut<A>(gatewayName: string, operator: string | null | undefined, operation: "payout" | "refund", factoryOf: (plugin: OperatorPlugin) => MoneyOutFactory<unknown, A> | undefined): A | null {
  const live = served(gatewayName, operation, operator);
  const factory = live && factoryOf(live.plugin);
  if (!live || !factory || factory.available?.(live.config) === false) return null;
  return keep(live, operation, factory.create, factory.perGateway);
}

/** The payout operator of a live withdrawal gateway, when configured (MTN Disbursement, Wave payouts, pawaPay); for a payout, its own `operator`'s. */
export function livePayoutAdapter(gatewayName: string, operator?: string | null): PayoutAdapter | null {
  return moneyOut(gatewayName, operator, "payout", (plugin) => plugin.payout);
}

/** A live payout made now for this gateway: the operator it goes through (Transfer.operator) and its adapter; null: none offers payouts for it here. */
export function newLivePayout(gatewayName: string): { operator: string; adapter: PayoutAdapter } | null {
  const operator = liveOperator(gatewayName);
  const adapter = operator ? livePayoutAdapter(gatewayName, operator) : null;
  return operator && adapter ? { operator, adapter } : null;
}

/**
 * How a live payment made through `gatewayName` is given back to the customer, or null where the
 * operator offers no way we use (Orange Money: support refunds by hand and records it).
 */
export function liveRefundAdapter(gatewayName: string, operator?: string | null): RefundAdapter | null {
  return moneyOut(gatewayName, operator, "refund", (plugin) => plugin.refund);
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
