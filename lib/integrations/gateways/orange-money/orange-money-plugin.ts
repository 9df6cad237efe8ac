import { defineOperator, gatewaysIn } from "@/lib/integrations/gateways/operators/operator-plugin";
import { createOrangeMoneyAdapter } from "./orange-money-adapter";
import { readOrangeCallback } from "./orange-money-callback";
import { createOrangeMoneyClient } from "./orange-money-client";
import { readOrangeMoneyCallbackConfig, readOrangeMoneyConfig } from "./orange-money-config";

// Orange Money (docs/operators.md, "Orange Money"): OTP deposits through Sonatel's merchant
// payment API, one account for every country it serves. Only Senegal's API is implemented and
// confirmed, so only Senegal is served unless ORANGE_MONEY_COUNTRIES says otherwise (see
// docs/operators.md before adding the others).
//
// No payouts, and no refunds: no refund or reversal API for merchant payments is found in any
// source; Cash-In (POST /api/eWallet/v1/cashins) needs a retailer wallet and its RSA-encrypted
// PIN, out of scope. Support refunds by hand and records it (docs/operators.md, refunds).

export const orangeMoneyPlugin = defineOperator({
  id: "orange-money",
  name: "Orange Money",
  gateways: gatewaysIn("ORANGE_MONEY", ["SN", "CI", "BF", "ML", "GN"], ["deposit"]),
  settings: {
    prefix: "ORANGE_MONEY_",
    defaultCountries: ["SN"],
    read: (env) => readOrangeMoneyConfig(env),
    usable: (env) => readOrangeMoneyConfig(env) !== null,
    needs: "ORANGE_MONEY_BASE_URL, ORANGE_MONEY_CLIENT_ID, ORANGE_MONEY_CLIENT_SECRET and ORANGE_MONEY_MERCHANT_CODE or ORANGE_MONEY_MERCHANT_MSISDN",
  },
  deposit: (config) => createOrangeMoneyAdapter(createOrangeMoneyClient(config)),
  // The customer makes a code (#144#...) and types it on the checkout.
  depositFlow: "OTP",
  // Authenticated (the registered apiKey, and its signature when Sonatel issued an endpoint
  // secret) but, like MTN's, only a hint: the invoice it names (by our reference, else Orange's
  // transactionId) is read at Orange, once its code went to Orange (confirmedAt).
  callback: ({ headers, bodyText, now }) => {
    const callback = readOrangeCallback(headers, bodyText, readOrangeMoneyCallbackConfig(), now);
    if (!callback.ok) return { kind: "refused", reason: callback.reason };
    return {
      kind: "read",
      ...(callback.reference ? { reference: callback.reference } : {}),
      ...(callback.transactionId ? { operatorReference: callback.transactionId } : {}),
      sent: "confirmedAt",
      fields: { idempotencyKey: callback.idempotencyKey },
    };
  },
});
