import type { FakeServer } from "./fake-http";
import type { FakeProfile, FakeRow, SettleContext, TortureProfile } from "./fake-profile";
import { mtnMomoFakeProfile } from "./mtn-momo-fake-profile";
import { orangeMoneyFakeProfile } from "./orange-money-fake-profile";
import { pawapayFakeProfile } from "./pawapay-fake-profile";
import { waveFakeProfile } from "./wave-fake-profile";

// Every operator's fake profile (fake-profile.ts), one per operator of the registry
// (lib/integrations/gateways/operators/registry.ts; operator-boundary.test.ts holds them equal). This
// list is the one shared place of the tests an operator is added to. Its order is the fakes' ports
// (start-operator-fakes.ts: basePort + index) and the order they are started, warmed up and settled in.

export const FAKE_PROFILES = [mtnMomoFakeProfile, waveFakeProfile, orangeMoneyFakeProfile, pawapayFakeProfile] as const;

type Profile = (typeof FAKE_PROFILES)[number];
type FakeOf<P> = P extends { start(port: number, options: never): Promise<infer F> } ? F : never;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Each fake by its profile's key (`fakes.mtn`, `fakes.pawapay`). */
export type FakesByKey<P extends Profile = Profile> = { [Q in P as Q["key"]]: FakeOf<Q> };
type StartOptionsOf<P> = P extends { start: (port: number, options: infer O) => unknown } ? (unknown extends O ? object : O) : never;
/** What the profiles' `start` take, together (MTN's mtnAnswerAfterMs...). */
export type FakeStartOptions = UnionToIntersection<StartOptionsOf<Profile>>;

/** The profiles of the operators in the torture suite. */
export type TortureFakeProfile = Extract<Profile, { torture: object }>;
/** An operator of the torture suite, by its profile's key. */
export type TortureOperator = TortureFakeProfile["key"];

/** A started fake and its profile's readers bound to it (its own type stays with its profile). */
export type StartedFake = {
  id: string;
  key: Profile["key"];
  fake: FakeServer;
  env: () => Record<string, string>;
  sendCallbacksTo: (url: string) => void;
  testCountries: string;
  torture: {
    countries?: string;
    warmUpGateway: string;
    callbackHeaders: readonly string[];
    has: (row: FakeRow) => boolean;
    paid: (row: FakeRow) => boolean;
    clearFaults: () => void;
    settle: (context: SettleContext) => Promise<void>;
  } | null;
};

async function startOne<F extends FakeServer, O extends object>(profile: FakeProfile<string, F, O>, port: number, options: O): Promise<StartedFake> {
  const fake = await profile.start(port, options);
  const torture: TortureProfile<F> | undefined = profile.torture;
  return {
    id: profile.id,
    key: profile.key as Profile["key"],
    fake,
    env: () => profile.env(fake),
    sendCallbacksTo: (url) => profile.sendCallbacksTo?.(fake, url),
    testCountries: profile.testCountries,
    torture: torture
      ? {
          countries: torture.countries,
          warmUpGateway: torture.warmUpGateway,
          callbackHeaders: torture.callbackHeaders,
          has: (row) => torture.has(fake, row),
          paid: (row) => torture.paid(fake, row),
          clearFaults: () => torture.clearFaults(fake),
          settle: (context) => torture.settle(fake, context),
        }
      : null,
  };
}

/**
 * Starts the fakes of these profiles (all by default) at once, the i-th on `port(i)` (0: a free
 * port); `byKey` holds each fake with its own type.
 */
export async function startFakes<P extends Profile>(profiles: readonly P[], port: (index: number) => number, options: FakeStartOptions) {
  const started = await Promise.all(profiles.map((profile, index) => startOne(profile as unknown as FakeProfile<string, FakeServer, FakeStartOptions>, port(index), options)));
  const byKey = Object.fromEntries(started.map((fake) => [fake.key, fake.fake])) as FakesByKey<P>;
  return { started, byKey };
}

export const isTortureProfile = (profile: Profile): profile is TortureFakeProfile => "torture" in profile;
