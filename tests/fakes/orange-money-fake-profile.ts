import type { FakeProfile } from "./fake-profile";
import { startOrangeMoneyFake, type OrangeMoneyFake } from "./orange-money-fake";

// Orange Money's fake as the shared test code starts it (fake-profile.ts). Not in the torture
// suite: it moves no money out, and its deposits are OTP payments the schedules do not play.

/** The variables that point the app's client at the fake: the names docs/configuration.md gives Orange Money. */
export const orangeMoneyFakeEnv = (orange: OrangeMoneyFake): Record<string, string> => ({
  ORANGE_MONEY_BASE_URL: orange.config.baseUrl,
  ORANGE_MONEY_CLIENT_ID: orange.config.clientId,
  ORANGE_MONEY_CLIENT_SECRET: orange.config.clientSecret,
  ORANGE_MONEY_TOKEN_PATH: orange.config.tokenPath,
  ORANGE_MONEY_MERCHANT_CODE: orange.config.partner.id,
});

export const orangeMoneyFakeProfile = {
  id: "orange-money",
  key: "orange" as const,
  start: (port: number) => startOrangeMoneyFake({ port }),
  env: orangeMoneyFakeEnv,
  testCountries: "SN",
} satisfies FakeProfile<"orange", OrangeMoneyFake>;
