import { mtnMomoPlugin } from "../mtn-momo/mtn-momo-plugin";
import { orangeMoneyPlugin } from "../orange-money/orange-money-plugin";
import { pawapayPlugin } from "../pawapay/pawapay-plugin";
import { wavePlugin } from "../wave/wave-plugin";
import type { OperatorGateway, OperatorPlugin } from "./operator-plugin";

// The operators we have live clients for, one plug-in each (operator-plugin.ts). This list is the
// one place an operator is added (docs/operators.md, "Adding an operator"); every reader of
// "which operator serves this gateway" asks the functions below, or operator-gateways.ts's
// servingPlugin for the one serving it in this environment (a direct operator or an aggregator).

export const OPERATOR_PLUGINS: readonly OperatorPlugin[] = [mtnMomoPlugin, wavePlugin, orangeMoneyPlugin, pawapayPlugin];

type Found = { plugin: OperatorPlugin; gateway: OperatorGateway };

const byId = new Map(OPERATOR_PLUGINS.map((plugin) => [plugin.id, plugin]));
const entries = (plugins: readonly OperatorPlugin[]) => plugins.flatMap((plugin) => plugin.gateways.map((gateway) => [gateway.name, { plugin, gateway }] as const));
const direct = new Map(entries(OPERATOR_PLUGINS.filter((plugin) => !plugin.aggregator)));
const aggregated = new Map<string, Found[]>();
for (const [name, found] of entries(OPERATOR_PLUGINS.filter((plugin) => plugin.aggregator))) aggregated.set(name, [...(aggregated.get(name) ?? []), found]);

/** The plug-in of an operator id, if it is one of ours (an own key: "__proto__" is none). */
export function operatorPlugin(id: string): OperatorPlugin | null {
  return byId.get(id) ?? null;
}

/** The direct plug-in listing a gateway of our catalog, and that gateway's entry (country, operations); null when none does. */
export function directPlugin(gatewayName: string): Found | null {
  return direct.get(gatewayName) ?? null;
}

/** The aggregators (pawaPay) listing a gateway, in the registry's order. */
export function aggregatorPlugins(gatewayName: string): Found[] {
  return aggregated.get(gatewayName) ?? [];
}

/**
 * The plug-in a gateway belongs to whatever is configured: its direct operator's, else the first
 * aggregator's; null when none lists it. Which one serves it here: servingPlugin (operator-gateways.ts).
 */
export function gatewayPlugin(gatewayName: string): Found | null {
  return directPlugin(gatewayName) ?? aggregatorPlugins(gatewayName)[0] ?? null;
}
