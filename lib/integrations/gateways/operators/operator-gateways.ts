import { readMtnMomoConfig } from "@/lib/integrations/gateways/mtn-momo/mtn-momo-config";
import { readOrangeMoneyConfig } from "@/lib/integrations/gateways/orange-money/orange-money-config";
import { envValue, type Env } from "./operator-client-deps";
import type { OperatorName } from "./operator-errors";
import { readWaveConfig } from "@/lib/integrations/gateways/wave/wave-config";

// Which of our catalog's gateways each live operator client serves, and which operators have
// credentials here. A gateway whose operator is not configured stays off in production (502 on a
// deposit, not offered on the live checkout).
//
// One set of credentials serves one operator account, and operators' accounts are per country:
// MTN has an API user and a target environment per country, a Wave API key is bound to one
// business wallet, and the Orange API implemented is Orange Senegal's. <OPERATOR>_COUNTRIES (e.g.
// MTN_MOMO_COUNTRIES=CI) says which countries are served; by default MTN's and Wave's gateways
// are all served, and Orange Money's only in Senegal (docs/operators.md). MTN's credentials are
// resolved per country (MTN_MOMO_<CC>_*, else MTN_MOMO_*): a country is served only when its own
// resolved configuration is complete.

export const OPERATOR_NAMES = ["mtn-momo", "wave", "orange-money"] as const satisfies readonly OperatorName[];

export const OPERATOR_GATEWAYS: Record<OperatorName, readonly string[]> = {
  "mtn-momo": ["MTN_MOMO_CI", "MTN_MOMO_BJ", "MTN_MOMO_CM", "MTN_MOMO_GN"],
  wave: ["WAVE_CI", "WAVE_SN"],
  // Only Senegal's API is implemented and confirmed; see docs/operators.md before adding the others.
  "orange-money": ["ORANGE_MONEY_SN", "ORANGE_MONEY_CI", "ORANGE_MONEY_BF", "ORANGE_MONEY_ML", "ORANGE_MONEY_GN"],
};

/** The operator client that serves a gateway of the catalog, if any. */
export function operatorOfGateway(gatewayName: string): OperatorName | null {
  return OPERATOR_NAMES.find((operator) => OPERATOR_GATEWAYS[operator].includes(gatewayName)) ?? null;
}

/** The `{operator}` segment of `/api/operators/{operator}/callback`, if it names one of ours. */
export function operatorFromPathSegment(segment: string): OperatorName | null {
  return (OPERATOR_NAMES as readonly string[]).includes(segment) ? (segment as OperatorName) : null;
}

/** The country of one of our gateway names ("MTN_MOMO_CI" -> "CI"). */
export const countryOfGateway = (gatewayName: string) => gatewayName.slice(gatewayName.lastIndexOf("_") + 1);

/** Whether this gateway's country has complete credentials (only MTN's vary by country). */
const countryConfigured = (operator: OperatorName, gatewayName: string, env: Env) =>
  operator !== "mtn-momo" || readMtnMomoConfig(env, countryOfGateway(gatewayName)) !== null;

/** The operators with complete credentials in this environment (for MTN: in one of its countries at least). */
export function configuredOperators(env: Env = process.env): Set<OperatorName> {
  const configured = new Set<OperatorName>();
  if (OPERATOR_GATEWAYS["mtn-momo"].some((name) => countryConfigured("mtn-momo", name, env))) configured.add("mtn-momo");
  if (readWaveConfig(env)) configured.add("wave");
  if (readOrangeMoneyConfig(env)) configured.add("orange-money");
  return configured;
}

const COUNTRY_VARIABLES: Record<OperatorName, string> = {
  "mtn-momo": "MTN_MOMO_COUNTRIES",
  wave: "WAVE_COUNTRIES",
  "orange-money": "ORANGE_MONEY_COUNTRIES",
};

const DEFAULT_COUNTRIES: Record<OperatorName, readonly string[] | "all"> = {
  "mtn-momo": "all",
  wave: "all",
  "orange-money": ["SN"],
};

/**
 * The gateways that may be offered live here: their operator is configured and serves their
 * country. Every other live gateway answers 502 and is not offered on the checkout.
 */
export function liveGateways(env: Env = process.env): Set<string> {
  const live = new Set<string>();
  for (const operator of configuredOperators(env)) {
    const configured = envValue(env, COUNTRY_VARIABLES[operator])
      ?.split(",")
      .map((country) => country.trim().toUpperCase())
      .filter(Boolean);
    const countries = configured ?? DEFAULT_COUNTRIES[operator];
    for (const name of OPERATOR_GATEWAYS[operator]) {
      if ((countries === "all" || countries.includes(countryOfGateway(name))) && countryConfigured(operator, name, env)) live.add(name);
    }
  }
  return live;
}
