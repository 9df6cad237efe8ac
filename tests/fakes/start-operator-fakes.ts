import { startMtnMomoFake, type MtnAccount, type MtnMomoFake } from "./mtn-momo-fake";
import { startOrangeMoneyFake, type OrangeMoneyFake } from "./orange-money-fake";
import { pawapayFakeEnv, startPawapayFake } from "./pawapay-fake";
import { startWaveFake, type WaveFake } from "./wave-fake";

// Starts the operator fakes (MTN, Wave, Orange, pawaPay) as standalone servers, for a development server or browser tests
// that need live-mode operators without the real ones:
//   npx tsx tests/fakes/start-operator-fakes.ts [waveEventsUrl] [basePort]
// prints the environment variables that point the app at them (KEY=value lines, for an env file),
// then runs until stopped. Wave's events go to waveEventsUrl when given
// (e.g. http://127.0.0.1:3000/api/operators/wave/callback), and pawaPay's signed callbacks to the
// same origin's /api/operators/pawapay/callback. With basePort, MTN listens on it, Wave on
// basePort + 1, Orange on basePort + 2 and pawaPay on basePort + 3; otherwise on free ports.

/** The variables that point the app's clients at each fake: the names docs/configuration.md gives operators. */
export const mtnMomoFakeEnv = (mtn: MtnMomoFake): Record<string, string> => ({
  MTN_MOMO_BASE_URL: mtn.config.baseUrl,
  MTN_MOMO_API_USER: mtn.config.apiUser,
  MTN_MOMO_API_KEY: mtn.config.apiKey,
  MTN_MOMO_SUBSCRIPTION_KEY: mtn.config.subscriptionKey,
  MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: mtn.config.disbursementSubscriptionKey ?? "",
  MTN_MOMO_TARGET_ENVIRONMENT: mtn.config.targetEnvironment,
});
/** One country's own MTN account (MTN_MOMO_<CC>_*), over the defaults above. */
export const mtnMomoCountryEnv = (country: string, account: MtnAccount): Record<string, string> => ({
  [`MTN_MOMO_${country}_API_USER`]: account.apiUser,
  [`MTN_MOMO_${country}_API_KEY`]: account.apiKey,
  [`MTN_MOMO_${country}_SUBSCRIPTION_KEY`]: account.subscriptionKey,
  [`MTN_MOMO_${country}_DISBURSEMENT_SUBSCRIPTION_KEY`]: account.disbursementSubscriptionKey,
  [`MTN_MOMO_${country}_TARGET_ENVIRONMENT`]: account.targetEnvironment,
});
export const waveFakeEnv = (wave: WaveFake): Record<string, string> => ({
  WAVE_API_BASE_URL: wave.config.baseUrl,
  WAVE_API_KEY: wave.config.apiKey,
  WAVE_WEBHOOK_SECRET: wave.config.webhookSecret ?? "",
  WAVE_WEBHOOK_STRATEGY: wave.config.webhookStrategy,
});
export { pawapayFakeEnv };
export const orangeMoneyFakeEnv = (orange: OrangeMoneyFake): Record<string, string> => ({
  ORANGE_MONEY_BASE_URL: orange.config.baseUrl,
  ORANGE_MONEY_CLIENT_ID: orange.config.clientId,
  ORANGE_MONEY_CLIENT_SECRET: orange.config.clientSecret,
  ORANGE_MONEY_TOKEN_PATH: orange.config.tokenPath,
  ORANGE_MONEY_MERCHANT_CODE: orange.config.partner.id,
});

export async function startOperatorFakes(
  waveEventsUrl?: string,
  basePort?: number,
  /** How long MTN's customers take to answer a prompt (default: at once). */
  options: { mtnAnswerAfterMs?: number } = {},
) {
  const port = (offset: number) => (basePort ? basePort + offset : 0);
  const [mtn, wave, orange, pawapay] = await Promise.all([
    startMtnMomoFake({ port: port(0), answerAfterMs: options.mtnAnswerAfterMs }),
    startWaveFake({ port: port(1) }),
    startOrangeMoneyFake({ port: port(2) }),
    startPawapayFake({ port: port(3) }),
  ]);
  if (waveEventsUrl) {
    wave.sendEventsTo(waveEventsUrl);
    pawapay.sendCallbacksTo(new URL("/api/operators/pawapay/callback", waveEventsUrl).href);
  }
  const env = { ...mtnMomoFakeEnv(mtn), ...waveFakeEnv(wave), ...orangeMoneyFakeEnv(orange), ...pawapayFakeEnv(pawapay) };
  return {
    mtn,
    wave,
    orange,
    pawapay,
    env,
    close: () => Promise.all([mtn.close(), wave.close(), orange.close(), pawapay.close()]).then(() => undefined),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const basePort = Number(process.argv[3]);
  const fakes = await startOperatorFakes(process.argv[2] || undefined, Number.isInteger(basePort) && basePort > 0 ? basePort : undefined);
  for (const [key, value] of Object.entries(fakes.env)) console.log(`${key}=${value}`);
  const stop = () => fakes.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
