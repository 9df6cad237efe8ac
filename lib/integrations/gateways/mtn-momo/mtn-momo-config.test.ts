import { describe, expect, it } from "vitest";
import { readMtnMomoConfig } from "./mtn-momo-config";

const defaults = {
  MTN_MOMO_BASE_URL: "https://proxy.momoapi.mtn.com/",
  MTN_MOMO_SUBSCRIPTION_KEY: "collection-key",
  MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: "disbursement-key",
  MTN_MOMO_API_USER: "user",
  MTN_MOMO_API_KEY: "secret",
  MTN_MOMO_TARGET_ENVIRONMENT: "mtnivorycoast",
};

describe("MTN MoMo configuration per country", () => {
  it("is the defaults for a country without variables of its own", () => {
    expect(readMtnMomoConfig(defaults, "CI")).toEqual(readMtnMomoConfig(defaults));
    expect(readMtnMomoConfig(defaults, "CI")).toMatchObject({ apiUser: "user", targetEnvironment: "mtnivorycoast", baseUrl: "https://proxy.momoapi.mtn.com" });
  });

  it("takes each MTN_MOMO_<CC>_<NAME> a country sets, every variable included, and the defaults for the rest", () => {
    const env = {
      ...defaults,
      MTN_MOMO_CM_API_USER: "user-cm",
      MTN_MOMO_CM_API_KEY: "secret-cm",
      MTN_MOMO_CM_TARGET_ENVIRONMENT: "mtncameroon",
      MTN_MOMO_CM_DISBURSEMENT_SUBSCRIPTION_KEY: "disbursement-key-cm",
      MTN_MOMO_GN_BASE_URL: "https://gn.example/",
      MTN_MOMO_GN_SUBSCRIPTION_KEY: "collection-key-gn",
    };
    expect(readMtnMomoConfig(env, "cm")).toMatchObject({
      baseUrl: "https://proxy.momoapi.mtn.com",
      subscriptionKey: "collection-key",
      apiUser: "user-cm",
      apiKey: "secret-cm",
      targetEnvironment: "mtncameroon",
      disbursementSubscriptionKey: "disbursement-key-cm",
    });
    expect(readMtnMomoConfig(env, "GN")).toMatchObject({ baseUrl: "https://gn.example", subscriptionKey: "collection-key-gn", apiUser: "user" });
    // Another country's variables are not Côte d'Ivoire's.
    expect(readMtnMomoConfig(env, "CI")).toMatchObject({ apiUser: "user", targetEnvironment: "mtnivorycoast" });
  });

  it("never pairs a country's API user with the default key (or the reverse), and never falls back from a country's bad base URL", () => {
    expect(readMtnMomoConfig({ ...defaults, MTN_MOMO_CM_API_USER: "user-cm" }, "CM")).toBeNull();
    expect(readMtnMomoConfig({ ...defaults, MTN_MOMO_CM_API_KEY: "secret-cm" }, "CM")).toBeNull();
    expect(readMtnMomoConfig({ ...defaults, MTN_MOMO_CM_BASE_URL: "ftp://x" }, "CM")).toBeNull();
    // Blank is unset.
    expect(readMtnMomoConfig({ ...defaults, MTN_MOMO_CM_API_USER: " " }, "CM")).toMatchObject({ apiUser: "user" });
  });
});
