import { defineOperator, gatewaysIn } from "@/lib/integrations/gateways/operators/operator-plugin";
import type { Env } from "@/lib/integrations/gateways/operators/operator-client-deps";
import { createMtnMomoAdapter } from "./mtn-momo-adapter";
import { mtnMomoCallbackHint } from "./mtn-momo-callback";
import { createMtnMomoClient } from "./mtn-momo-client";
import { readMtnMomoConfig } from "./mtn-momo-config";
import { createMtnMomoPayouts } from "./mtn-momo-payouts";
import { createMtnMomoRefunds } from "./mtn-momo-refunds";

// MTN MoMo (docs/operators.md, "MTN MoMo"): DIRECT deposits through Collection, payouts and refunds
// through Disbursement. Its accounts are per country (an API user and a target environment each),
// so each country has its own configuration, client and circuit.

/** MTN is configured per country or by default: every country named by its own variables must be usable, and the defaults if any are set. */
function mtnUsable(env: Env): boolean {
  const names = Object.keys(env).filter((name) => name.startsWith("MTN_MOMO_") && env[name]?.trim());
  const countries = new Set(names.map((name) => /^MTN_MOMO_([A-Z]{2})_/.exec(name)?.[1]).filter((cc): cc is string => Boolean(cc)));
  const defaultsSet = names.some((name) => !/^MTN_MOMO_[A-Z]{2}_/.test(name));
  return (!defaultsSet || readMtnMomoConfig(env) !== null) && [...countries].every((cc) => readMtnMomoConfig(env, cc) !== null);
}

/** Payouts and refunds go through Disbursement: only with its subscription key. */
const withDisbursement = { available: (config: { disbursementSubscriptionKey: string | null }) => config.disbursementSubscriptionKey !== null };

export const mtnMomoPlugin = defineOperator({
  id: "mtn-momo",
  name: "MTN MoMo",
  gateways: [
    ...gatewaysIn("MTN_MOMO", ["CI", "BJ", "CM"], ["deposit", "payout", "refund"]),
    // No MTN payout gateway in Guinea in our catalog: its payments are refunded all the same.
    ...gatewaysIn("MTN_MOMO", ["GN"], ["deposit", "refund"]),
  ],
  settings: {
    prefix: "MTN_MOMO_",
    defaultCountries: "all",
    read: (env, country) => readMtnMomoConfig(env, country),
    usable: mtnUsable,
    needs: "MTN_MOMO_BASE_URL, MTN_MOMO_SUBSCRIPTION_KEY, MTN_MOMO_API_USER, MTN_MOMO_API_KEY and MTN_MOMO_TARGET_ENVIRONMENT (or a country's MTN_MOMO_<CC>_...)",
    accountPerCountry: true,
    callScope: (config) => config.targetEnvironment,
  },
  deposit: (config) => createMtnMomoAdapter(createMtnMomoClient(config)),
  // Request to Pay: a prompt pushed to the customer's phone.
  depositFlow: "DIRECT",
  payout: { create: (config) => createMtnMomoPayouts(createMtnMomoClient(config)), ...withDisbursement },
  // MTN refunds a request-to-pay through Disbursement (its token and subscription key).
  refund: { create: (config) => createMtnMomoRefunds(createMtnMomoClient(config)), ...withDisbursement },
  // Unsigned, so only a hint: the payment it names is read again by our own X-Reference-Id.
  callback: ({ url, bodyText }) => {
    const hint = mtnMomoCallbackHint(url, parseJson(bodyText));
    const reference = hint?.reference ?? hint?.externalId;
    return reference ? { kind: "read", reference, sent: "operatorRequestId" } : { kind: "ignored", why: "names no payment" };
  },
});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
