import { publicBaseUrl } from "@/lib/core/domain/public-base-url";
import { WITHDRAWAL_GATEWAYS } from "@/lib/integrations/gateways/catalog";
import { defineOperator, type OperatorGateway } from "@/lib/integrations/gateways/operators/operator-plugin";
import { createPawapayAdapter } from "./pawapay-adapter";
import { gatewayAvailability } from "./pawapay-availability";
import { readPawapayCallback } from "./pawapay-callback";
import { createPawapayClient } from "./pawapay-client";
import { parsePawapayFees } from "./pawapay-fees";
import { pawapayVerificationKeys } from "./pawapay-signature";
import { pawapayServes, readPawapayConfig } from "./pawapay-config";
import { createPawapayPayouts, createPawapayRefunds } from "./pawapay-money-out";
import { PAWAPAY_PROVIDERS } from "./pawapay-providers";

// pawaPay (docs/operators.md, "pawaPay"; its facts in docs/operators-pawapay.md): an aggregator.
// DIRECT deposits (a PIN prompt pushed to the phone), payouts and refunds for every gateway of
// PAWAPAY_PROVIDERS, served where no direct plug-in is configured for it, or where
// PAWAPAY_GATEWAYS routes it (pawapayServes). One token for every country it serves.

const payoutGateways = new Set(WITHDRAWAL_GATEWAYS.filter((entry) => entry.type === "DIRECT").map((entry) => entry.name));

const gateways: OperatorGateway[] = Object.keys(PAWAPAY_PROVIDERS).map((name) => ({
  name,
  country: name.slice(name.lastIndexOf("_") + 1),
  operations: payoutGateways.has(name) ? ["deposit", "payout", "refund"] : ["deposit", "refund"],
}));

export const pawapayPlugin = defineOperator({
  id: "pawapay",
  name: "pawaPay",
  gateways,
  settings: {
    prefix: "PAWAPAY_",
    defaultCountries: "all",
    read: (env) => readPawapayConfig(env),
    // A callback key that does not parse would refuse every callback, silently, and fees that do
    // not parse would book none: both refused at start-up.
    usable: (env) => {
      const config = readPawapayConfig(env);
      return (
        config !== null &&
        pawapayVerificationKeys(config.callbackKeys).length === config.callbackKeys.length &&
        parsePawapayFees(env.PAWAPAY_FEES) !== null
      );
    },
    needs:
      "PAWAPAY_BASE_URL (an http(s) URL) and PAWAPAY_API_TOKEN (and PAWAPAY_CALLBACK_PUBLIC_KEY, when set, a PEM public key; PAWAPAY_FEES, when set, rates such as deposit=1.5%,payout=1%)",
  },
  aggregator: { serves: (config, gatewayName, directlyServed) => pawapayServes(config, gatewayName, directlyServed) },
  deposit: (config) => createPawapayAdapter(createPawapayClient(config), config.fees),
  // DIRECT only: a PIN prompt pushed to the phone (its PREAUTH and REDIRECT_AUTH flows are not built).
  depositFlow: "DIRECT",
  depositAvailability: async (config) => gatewayAvailability(await createPawapayClient(config).availability({ operationType: "DEPOSIT" }), "DEPOSIT"),
  // pawaPay's payouts name the gateway's provider (FREE_SEN...): one adapter per gateway.
  payout: { create: (config, gatewayName) => createPawapayPayouts(createPawapayClient(config), gatewayName, config.fees), perGateway: true },
  refund: { create: (config) => createPawapayRefunds(createPawapayClient(config), config.fees) },
  // Signed (RFC 9421, with the configured key) and still only a hint: the deposit, payout or
  // refund it names by our stored id is read at pawaPay. The signed @authority is the host pawaPay
  // called: our public base URL, not the Host a proxy hands us.
  callback: ({ method, url, headers, bodyText, now }) => {
    const config = readPawapayConfig();
    const called = new URL(`${publicBaseUrl(url.origin)}${url.pathname}${url.search}`);
    const read = readPawapayCallback({ method, url: called, headers, body: bodyText }, config?.callbackKeys ?? [], now);
    if (!read.accepted) return { kind: "refused", reason: read.reason, fields: { keys: config?.callbackKeys.length ?? 0 } };
    if (read.kind === "deposit") return { kind: "read", operatorRequestId: read.id, sent: "operatorRequestId" };
    return { kind: "read-money-out", operation: read.kind, operatorRequestId: read.id };
  },
});
