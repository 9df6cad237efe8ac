import type { FakeProfile } from "./fake-profile";
import { startWaveFake, type WaveFake } from "./wave-fake";

// Wave's fake as the shared test code starts and reads it (fake-profile.ts).

/** The variables that point the app's client at the fake: the names docs/configuration.md gives Wave. */
export const waveFakeEnv = (wave: WaveFake): Record<string, string> => ({
  WAVE_API_BASE_URL: wave.config.baseUrl,
  WAVE_API_KEY: wave.config.apiKey,
  WAVE_WEBHOOK_SECRET: wave.config.webhookSecret ?? "",
  WAVE_WEBHOOK_STRATEGY: wave.config.webhookStrategy,
});

/** Wave's payouts for our reference (its client_reference): a deposit is a checkout session instead, by its id. */
const payoutsOf = (wave: WaveFake, reference: string) => [...wave.payouts.values()].filter((payout) => payout.client_reference === reference);

export const waveFakeProfile = {
  id: "wave",
  key: "wave" as const,
  start: (port: number) => startWaveFake({ port }),
  env: waveFakeEnv,
  sendCallbacksTo: (wave, url) => wave.sendEventsTo(url),
  testCountries: "CI",
  torture: {
    countries: "CI",
    warmUpGateway: "WAVE_CI",
    callbackHeaders: ["wave-signature"],
    has: (wave, row) => (row.table === "deposit" ? wave.sessions.has(row.operatorRequestId ?? "") : payoutsOf(wave, row.reference).length > 0),
    paid: (wave, row) =>
      row.table === "deposit"
        ? !!row.operatorRequestId && wave.sessions.get(row.operatorRequestId)?.payment_status === "succeeded"
        : payoutsOf(wave, row.reference).some((payout) => payout.status === "succeeded"),
    clearFaults: (wave) => void wave.clearFaults(),
    /** Every payout of the schedule left processing ended, as the schedule said. */
    async settle(wave, { processing }) {
      for (const payout of wave.payouts.values()) {
        const end = processing.get(payout.mobile);
        if (end && payout.status === "processing") wave.settlePayout(payout.id, end);
      }
    },
  },
} satisfies FakeProfile<"wave", WaveFake>;
