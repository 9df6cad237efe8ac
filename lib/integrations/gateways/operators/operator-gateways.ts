import { envValue, type Env } from "./operator-client-deps";
import type { OperatorName } from "./operator-errors";
import type { OperatorGateway, OperatorPlugin } from "./operator-plugin";
import { aggregatorPlugins, directPlugin, gatewayPlugin, OPERATOR_PLUGINS, operatorPlugin } from "./registry";

// Which of our catalog's gateways each live operator client serves, and which operators have
// credentials here, read from the operators' plug-ins (registry.ts). A gateway whose operator is
// not configured stays off in production (502 on a deposit, not offered on the live checkout).
//
// One set of credentials serves one operator account, and operators' accounts are per country:
// MTN has an API user and a target environment per country, a Wave API key is bound to one
// business wallet, and the Orange API implemented is Orange Senegal's. <OPERATOR>_COUNTRIES (e.g.
// MTN_MOMO_COUNTRIES=CI, the plug-in's settings prefix + COUNTRIES) says which countries are
// served; without it, the plug-in's default countries (docs/operators.md). A gateway is served
// only when its own country's resolved configuration is complete (only MTN's vary by country).
//
// An aggregator (pawaPay) serves a gateway where no direct operator does here, or where its own
// settings route it (PAWAPAY_GATEWAYS). Which operator serves a gateway is read again on every
// call, for what is made now; a live deposit, payout or refund records the operator it was made
// through (its `operator` column) and stays with it (operatorOfRow), so a gateway can be moved
// from one operator to the other while some of its payments are open.

export const OPERATOR_NAMES: readonly OperatorName[] = OPERATOR_PLUGINS.map((plugin) => plugin.id);

/** The gateways each plug-in lists (an aggregator's may also be a direct plug-in's). */
export const OPERATOR_GATEWAYS: Readonly<Record<OperatorName, readonly string[]>> = Object.fromEntries(
  OPERATOR_PLUGINS.map((plugin) => [plugin.id, plugin.gateways.map((gateway) => gateway.name)]),
);

/** The operator that serves a gateway of the catalog here, else the one it belongs to (gatewayPlugin); null: none. */
export function operatorOfGateway(gatewayName: string, env: Env = process.env): OperatorName | null {
  return (servingPlugin(gatewayName, env) ?? gatewayPlugin(gatewayName))?.plugin.id ?? null;
}

/** The `{operator}` segment of `/api/operators/{operator}/callback`, if it names one of ours. */
export function operatorFromPathSegment(segment: string): OperatorName | null {
  return operatorPlugin(segment)?.id ?? null;
}

/** The country of one of our gateways ("MTN_MOMO_CI" -> "CI"): its plug-in's word, else its name's last part. */
export const countryOfGateway = (gatewayName: string) => gatewayPlugin(gatewayName)?.gateway.country ?? gatewayName.slice(gatewayName.lastIndexOf("_") + 1);

/** The operators with complete credentials in this environment (for MTN: in one of its countries at least). */
export function configuredOperators(env: Env = process.env): Set<OperatorName> {
  return new Set(
    OPERATOR_PLUGINS.filter((plugin) => plugin.gateways.some((gateway) => plugin.settings.read(env, gateway.country) !== null)).map((plugin) => plugin.id),
  );
}

/** The countries an operator's account serves here: <prefix>COUNTRIES, else its default. */
function servedCountries(plugin: OperatorPlugin, env: Env): "all" | readonly string[] {
  const configured = envValue(env, `${plugin.settings.prefix}COUNTRIES`)
    ?.split(",")
    .map((country) => country.trim().toUpperCase())
    .filter(Boolean);
  return configured ?? plugin.settings.defaultCountries;
}

/** Whether a plug-in's account serves this gateway's country here, with a complete configuration: that configuration, else null. */
function configFor(plugin: OperatorPlugin, gateway: OperatorGateway, env: Env): unknown {
  const countries = servedCountries(plugin, env);
  if (countries !== "all" && !countries.includes(gateway.country)) return null;
  return plugin.settings.read(env, gateway.country);
}

/**
 * The plug-in serving a gateway live here, with its gateway entry and configuration: an aggregator
 * that takes it (nobody direct serves it, or its settings route it there), else its direct
 * operator when configured for its country; null when none does (the gateway is off).
 */
export function servingPlugin(gatewayName: string, env: Env = process.env): { plugin: OperatorPlugin; gateway: OperatorGateway; config: unknown } | null {
  const own = directPlugin(gatewayName);
  const ownConfig = own ? configFor(own.plugin, own.gateway, env) : null;
  for (const { plugin, gateway } of aggregatorPlugins(gatewayName)) {
    const config = configFor(plugin, gateway, env);
    if (config !== null && plugin.aggregator?.serves(config, gatewayName, ownConfig !== null)) return { plugin, gateway, config };
  }
  return own && ownConfig !== null ? { ...own, config: ownConfig } : null;
}

/**
 * The gateways that may be offered live here: an operator configured for their country serves
 * them. Every other live gateway answers 502 and is not offered on the checkout.
 */
export function liveGateways(env: Env = process.env): Set<string> {
  const names = new Set(OPERATOR_PLUGINS.flatMap((plugin) => plugin.gateways.map((gateway) => gateway.name)));
  return new Set([...names].filter((name) => servingPlugin(name, env) !== null));
}

/**
 * Where a live row's calls go: the operator it was made through (`operator`, kept with the row),
 * with that operator's configuration here, whoever serves its gateway now; null when that operator
 * no longer has one (credentials removed, country dropped: the row is then not readable here). A
 * row made before operators were recorded (`operator` null) goes to the one serving it now.
 */
export function operatorOfRow(gatewayName: string, operator: string | null, env: Env = process.env): { plugin: OperatorPlugin; gateway: OperatorGateway; config: unknown } | null {
  if (operator === null) return servingPlugin(gatewayName, env);
  const plugin = operatorPlugin(operator);
  const gateway = plugin?.gateways.find((listed) => listed.name === gatewayName);
  if (!plugin || !gateway) return null;
  const config = configFor(plugin, gateway, env);
  return config === null ? null : { plugin, gateway, config };
}
