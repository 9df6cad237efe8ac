import type { GatewayAdapter, GatewayOutcome, PayoutAdapter, RefundAdapter } from "../adapter";
import { DEPOSIT_TYPES, type DepositType } from "@/lib/core/domain/gateway-types";
import type { Env } from "./operator-client-deps";

// What an operator is to the rest of the service: one description its folder exports
// (<operator>/<operator>-plugin.ts) and the registry lists (registry.ts). Everything that depends
// on which operator serves a gateway reads it from there (live-adapters.ts, operator-gateways.ts,
// the callback route, the start-up setting checks), so adding an operator is writing its folder and
// adding it to the registry's list (docs/operators.md, "Adding an operator").

/** What a gateway of ours can be used for through its operator. */
export const OPERATIONS = ["deposit", "payout", "refund"] as const;
export type Operation = (typeof OPERATIONS)[number];

/** One gateway of our catalog an operator serves: in which country, and for what. */
export type OperatorGateway = { name: string; country: string; operations: readonly Operation[] };

/** How an operator's configuration is read from the environment and checked at start-up. */
export type OperatorSettings<C> = {
  /**
   * The prefix of every variable it reads ("WAVE_"). `<prefix>COUNTRIES` (e.g. WAVE_COUNTRIES=SN)
   * says which countries its account serves; a server refuses to start when variables with the
   * prefix are set but make no usable configuration.
   */
  prefix: string;
  /** The countries served when `<prefix>COUNTRIES` is unset. */
  defaultCountries: "all" | readonly string[];
  /** The configuration a country's gateways use, or null when incomplete (they stay off). */
  read: (env: Env, country: string) => C | null;
  /** Whether the variables that are set (some are: it is asked only then) make a usable configuration, for every country they name. */
  usable: (env: Env) => boolean;
  /** What to set for a usable configuration, in the words the start-up check shows. */
  needs: string;
  /** Each country is an account of its own (MTN): one client per country, not one for all. */
  accountPerCountry?: boolean;
  /** The scope its calls are logged and broken under (the client's circuit: MTN's target environment); null or absent: one. */
  callScope?: (config: C) => string | null;
};

/** A payout or refund operator built from a configuration; `available` says whether that configuration allows it (MTN: the Disbursement key). */
export type MoneyOutFactory<C, A> = {
  create: (config: C, gatewayName: string) => A;
  available?: (config: C) => boolean;
  /** One adapter per gateway, not per account (pawaPay's payouts name the gateway's provider). */
  perGateway?: boolean;
};

/** One callback as it reached /api/operators/{id}/callback. */
export type OperatorCallbackRequest = { method: string; url: URL; bodyText: string; headers: Headers; now: Date };

/**
 * What a plug-in read in a callback. It never settles anything by itself: the deposit side
 * (lib/features/deposits/receive-operator-callback.ts) finds the live deposit it names among the
 * operator's gateways and reads its status, or applies an authenticated outcome only to the
 * deposit it exactly matches.
 */
export type OperatorCallbackNotice =
  /** Not authenticated: answered 401, nothing changes. */
  | { kind: "refused"; reason: string; fields?: Record<string, unknown> }
  /** Authenticated (or harmless) but about nothing we act on: answered 200. */
  | { kind: "ignored"; why: string; fields?: Record<string, unknown> }
  /**
   * A hint naming a payment (by our reference or the operator's): its status is read at the
   * operator, whatever the body says. `sent`: the deposit field set once the payment reached
   * the operator (nothing to read before).
   */
  | { kind: "read"; reference?: string; operatorReference?: string; operatorRequestId?: string; sent: "operatorRequestId" | "confirmedAt"; fields?: Record<string, unknown> }
  /**
   * An authenticated hint naming a payout or refund by the request id we stored before sending it
   * (pawaPay's payoutId / refundId): the pending row is read at the operator now, whatever the body says.
   */
  | { kind: "read-money-out"; operation: "payout" | "refund"; operatorRequestId: string; fields?: Record<string, unknown> }
  /** An authenticated outcome of one operator request (a Wave event): applied only when reference, request id, amount and currency are the deposit's. */
  | {
      kind: "outcome";
      eventId: string;
      reference: string | null;
      operatorRequestId: string;
      amountMinor?: bigint;
      currency?: string;
      outcome: GatewayOutcome;
    };

export type OperatorPlugin<C = unknown> = {
  /** The operator's id: its folder, the `{operator}` of its callback path, the operator of its errors, calls and metrics. */
  id: string;
  /** Its name for people (setting checks; docs/operators.md has a section of that title). */
  name: string;
  gateways: readonly OperatorGateway[];
  settings: OperatorSettings<C>;
  /** The deposit adapter of a configuration (kept while the configuration stays the same). */
  deposit: (config: C) => GatewayAdapter;
  /**
   * The one flow that adapter serves, which the checkout shows its gateways with (the catalog's
   * type of each: a push to the phone, a redirect, an OTP): all its gateways are of it.
   */
  depositFlow: DepositType;
  /** Present exactly when a gateway lists the operation. */
  payout?: MoneyOutFactory<C, PayoutAdapter>;
  refund?: MoneyOutFactory<C, RefundAdapter>;
  /**
   * Present for an aggregator (pawaPay): its gateways may also be a direct plug-in's. It serves one
   * where `serves` says so, told whether a direct plug-in serves it here (configured, its country
   * served): by default only where none does, and where its settings route it (registry.ts).
   */
  aggregator?: { serves: (config: C, gatewayName: string, directlyServed: boolean) => boolean };
  /**
   * Where the operator publishes its providers' state (pawaPay's availability endpoint): each of its
   * gateways' deposit state. Read in the background, at most once a minute (announced-states.ts).
   */
  depositAvailability?: (config: C) => Promise<ReadonlyMap<string, "operational" | "delayed" | "closed">>;
  /** Reads its callbacks; null when the operator sends none we use (deposits then settle by status reads). */
  callback: ((request: OperatorCallbackRequest) => OperatorCallbackNotice) | null;
};

/**
 * A plug-in as the registry holds it. The configuration's type is the plug-in's own: its reader
 * makes what its factories take, which the registry only passes from one to the other.
 */
export function defineOperator<C>(plugin: OperatorPlugin<C>): OperatorPlugin {
  return plugin as unknown as OperatorPlugin;
}

/** The gateways `${prefix}_${country}` of each country, for the same operations. */
export function gatewaysIn(prefix: string, countries: readonly string[], operations: readonly Operation[]): OperatorGateway[] {
  return countries.map((country) => ({ name: `${prefix}_${country}`, country, operations }));
}

const isFunction = (value: unknown) => typeof value === "function";
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const COUNTRY = /^[A-Z]{2}$/;

/**
 * The parts of docs/operators.md's "Adding an operator" checklist a plug-in lacks, each named
 * ("settings.read", "payout"...); empty when it has them all. Takes anything, so a test can show a
 * plug-in missing a part is caught.
 */
export function operatorPluginGaps(plugin: unknown): string[] {
  if (!isObject(plugin)) return ["the plug-in itself"];
  const gaps: string[] = [];
  if (typeof plugin.id !== "string" || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(plugin.id)) gaps.push("id (kebab-case)");
  if (typeof plugin.name !== "string" || !plugin.name.trim()) gaps.push("name");

  const gateways = Array.isArray(plugin.gateways) ? (plugin.gateways as unknown[]) : [];
  if (gateways.length === 0) gaps.push("gateways");
  const offered = new Set<string>();
  const names = new Set<string>();
  gateways.forEach((gateway, index) => {
    const ok =
      isObject(gateway) &&
      typeof gateway.name === "string" &&
      !names.has(gateway.name) &&
      typeof gateway.country === "string" &&
      COUNTRY.test(gateway.country) &&
      Array.isArray(gateway.operations) &&
      gateway.operations.length > 0 &&
      gateway.operations.every((operation) => (OPERATIONS as readonly unknown[]).includes(operation));
    if (!ok) gaps.push(`gateways[${index}] (a new name, a country, operations among ${OPERATIONS.join(", ")})`);
    if (isObject(gateway) && typeof gateway.name === "string") names.add(gateway.name);
    if (isObject(gateway) && Array.isArray(gateway.operations)) for (const operation of gateway.operations) offered.add(String(operation));
  });
  if (gateways.length > 0 && !offered.has("deposit")) gaps.push("gateways (none offers deposit)");

  const settings = isObject(plugin.settings) ? plugin.settings : null;
  if (!settings) gaps.push("settings");
  else {
    if (typeof settings.prefix !== "string" || !/^[A-Z][A-Z0-9_]*_$/.test(settings.prefix)) gaps.push("settings.prefix");
    const defaults = settings.defaultCountries;
    if (defaults !== "all" && !(Array.isArray(defaults) && defaults.every((country) => typeof country === "string" && COUNTRY.test(country)))) {
      gaps.push("settings.defaultCountries");
    }
    if (!isFunction(settings.read)) gaps.push("settings.read");
    if (!isFunction(settings.usable)) gaps.push("settings.usable");
    if (typeof settings.needs !== "string" || !settings.needs.trim()) gaps.push("settings.needs");
  }

  if (!isFunction(plugin.deposit)) gaps.push("deposit");
  if (!(DEPOSIT_TYPES as readonly unknown[]).includes(plugin.depositFlow)) gaps.push(`depositFlow (${DEPOSIT_TYPES.join(", ")})`);
  for (const operation of ["payout", "refund"] as const) {
    const factory = plugin[operation];
    if (offered.has(operation) && !(isObject(factory) && isFunction(factory.create))) gaps.push(operation);
    if (!offered.has(operation) && factory !== undefined) gaps.push(`${operation} (offered by none of its gateways)`);
  }
  if (plugin.callback !== null && !isFunction(plugin.callback)) gaps.push("callback (a reader, or null)");
  if (plugin.aggregator !== undefined && !(isObject(plugin.aggregator) && isFunction(plugin.aggregator.serves))) gaps.push("aggregator.serves");
  return gaps;
}
