import { defineOperator, gatewaysIn } from "@/lib/integrations/gateways/operators/operator-plugin";
import { createWaveAdapter } from "./wave-adapter";
import { createWaveClient } from "./wave-client";
import { readWaveConfig } from "./wave-config";
import { readWaveEvent } from "./wave-events";
import { createWavePayouts } from "./wave-payouts";
import { createWaveRefunds } from "./wave-refunds";

// Wave (docs/operators.md, "Wave"): REDIRECT deposits through checkout sessions, payouts, and
// refunds of a session; one API key, bound to one business wallet, for every country it serves.

export const wavePlugin = defineOperator({
  id: "wave",
  name: "Wave",
  gateways: gatewaysIn("WAVE", ["CI", "SN"], ["deposit", "payout", "refund"]),
  settings: {
    prefix: "WAVE_",
    defaultCountries: "all",
    read: (env) => readWaveConfig(env),
    usable: (env) => readWaveConfig(env) !== null,
    needs: "WAVE_API_KEY (and WAVE_WEBHOOK_STRATEGY, when set, signing_secret or shared_secret; WAVE_API_BASE_URL, when set, an http(s) URL)",
  },
  deposit: (config) => createWaveAdapter(createWaveClient(config)),
  // A checkout session the customer is sent to (its wave_launch_url).
  depositFlow: "REDIRECT",
  payout: { create: (config) => createWavePayouts(createWaveClient(config)) },
  refund: { create: (config) => createWaveRefunds(createWaveClient(config)) },
  // Wave's events are authenticated (Wave-Signature, or the shared secret as a Bearer token): an
  // authenticated event is an outcome, applied only to the deposit whose session it is (id,
  // client_reference) for exactly what the customer was to pay.
  callback: ({ headers, bodyText, now }) => {
    const config = readWaveConfig();
    const webhook = { strategy: config?.webhookStrategy ?? "signing_secret", secret: config?.webhookSecret ?? null } as const;
    const result = readWaveEvent({ signature: headers.get("wave-signature"), authorization: headers.get("authorization") }, bodyText, webhook, { now });
    if (!result.ok) return { kind: "refused", reason: result.reason, fields: { strategy: config?.webhookStrategy } };
    if (!result.event) return { kind: "ignored", why: `an event we do not act on (${result.type})` };
    const { id, session } = result.event;
    return {
      kind: "outcome",
      eventId: id,
      reference: session.clientReference,
      operatorRequestId: session.id,
      amountMinor: session.amountMinor,
      currency: session.currency,
      outcome: session.outcome,
    };
  },
});
