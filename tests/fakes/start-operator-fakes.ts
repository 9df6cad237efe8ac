import { FAKE_PROFILES, startFakes, type FakeStartOptions } from "./fake-profiles";

// Starts the operator fakes (every profile of fake-profiles.ts: MTN, Wave, Orange, pawaPay) as
// standalone servers, for a development server or browser tests that need live-mode operators
// without the real ones:
//   npx tsx tests/fakes/start-operator-fakes.ts [callbackUrl] [basePort]
// prints the environment variables that point the app at them (KEY=value lines, for an env file),
// then runs until stopped. With callbackUrl (any address on the service, e.g.
// http://127.0.0.1:3000/api/operators/wave/callback), the callbacks a fake sends itself (Wave's
// events, pawaPay's signed callbacks) go to that origin's /api/operators/<id>/callback. With
// basePort, the fakes listen on basePort + their index in FAKE_PROFILES (MTN, Wave + 1, Orange + 2,
// pawaPay + 3); otherwise on free ports.

// The variables of each fake, under the names the tests import them by (each profile's file has them).
export { mtnMomoCountryEnv, mtnMomoFakeEnv } from "./mtn-momo-fake-profile";
export { orangeMoneyFakeEnv } from "./orange-money-fake-profile";
export { pawapayFakeEnv } from "./pawapay-fake";
export { waveFakeEnv } from "./wave-fake-profile";

export async function startOperatorFakes(
  callbackUrl?: string,
  basePort?: number,
  /** What the profiles' start take (MTN's mtnAnswerAfterMs: how long its customers take to answer a prompt). */
  options: Partial<FakeStartOptions> = {},
) {
  const { started, byKey } = await startFakes(FAKE_PROFILES, (index) => (basePort ? basePort + index : 0), options as FakeStartOptions);
  if (callbackUrl) for (const fake of started) fake.sendCallbacksTo(new URL(`/api/operators/${fake.id}/callback`, callbackUrl).href);
  const env = Object.assign({}, ...started.map((fake) => fake.env())) as Record<string, string>;
  return {
    ...byKey,
    env,
    /** Each fake's profile, started: its id, its variables, its countries for tests. */
    started,
    close: () => Promise.all(started.map((fake) => fake.fake.close())).then(() => undefined),
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
