import { readMtnMomoConfig } from "@/lib/gateways/mtn-momo/mtn-momo-config";
import { readOrangeMoneyConfig } from "@/lib/gateways/orange-money/orange-money-config";
import type { Env } from "./operator-client-deps";
import type { OperatorName } from "./operator-errors";
import { readWaveConfig } from "@/lib/gateways/wave/wave-config";

// Which of our catalog's gateways each live operator client serves, and which operators have
// credentials here. A gateway whose operator is not configured stays off in production (502 on a
// deposit, not offered on the live checkout).

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

/** The operators with complete credentials in this environment. */
export function configuredOperators(env: Env = process.env): Set<OperatorName> {
  const configured = new Set<OperatorName>();
  if (readMtnMomoConfig(env)) configured.add("mtn-momo");
  if (readWaveConfig(env)) configured.add("wave");
  if (readOrangeMoneyConfig(env)) configured.add("orange-money");
  return configured;
}
