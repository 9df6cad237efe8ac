import { describe, expect, it } from "vitest";
import { DEPOSIT_GATEWAYS } from "@/lib/integrations/gateways/catalog";
import { configuredOperators, liveGateways, OPERATOR_GATEWAYS, operatorFromPathSegment, operatorOfGateway, servingPlugin } from "./operator-gateways";

describe("operator gateways", () => {
  it("names only gateways of the catalog, all of an operator's of one type (the one flow its client serves)", () => {
    for (const [operator, names] of Object.entries(OPERATOR_GATEWAYS)) {
      const types = new Set(
        names.map((name) => {
          const gateway = DEPOSIT_GATEWAYS.find((g) => g.name === name);
          expect(gateway, name).toBeDefined();
          return gateway!.type;
        }),
      );
      expect(types.size, `${operator}: ${[...types].join(", ")}`).toBe(1);
    }
  });

  it("finds a gateway's operator and a callback path's operator", () => {
    expect(operatorOfGateway("MTN_MOMO_CM")).toBe("mtn-momo");
    expect(operatorOfGateway("WAVE_SN")).toBe("wave");
    expect(operatorOfGateway("ORANGE_MONEY_SN")).toBe("orange-money");
    // Gateways no direct operator lists are pawaPay's, wherever it is configured.
    expect(operatorOfGateway("ORANGE_MONEY_CM")).toBe("pawapay");
    expect(operatorOfGateway("TMONEY_TG")).toBeNull();
    expect(operatorOfGateway("MOOV_CI")).toBeNull();
    expect(operatorFromPathSegment("wave")).toBe("wave");
    expect(operatorFromPathSegment("__proto__")).toBeNull();
    expect(operatorFromPathSegment("WAVE")).toBeNull();
  });

  it("counts an operator as configured only with all its credentials", () => {
    expect(configuredOperators({})).toEqual(new Set());
    expect(
      configuredOperators({
        WAVE_API_KEY: "k",
        ORANGE_MONEY_BASE_URL: "https://api.orange-sonatel.com",
        ORANGE_MONEY_CLIENT_ID: "i",
        ORANGE_MONEY_CLIENT_SECRET: "s",
        MTN_MOMO_BASE_URL: "https://sandbox.momodeveloper.mtn.com",
        MTN_MOMO_API_USER: "u",
      }),
    ).toEqual(new Set(["wave"]));
  });

  it("offers live only the gateways of configured operators in the countries their accounts serve", () => {
    const mtn = {
      MTN_MOMO_BASE_URL: "https://proxy.momoapi.mtn.com",
      MTN_MOMO_SUBSCRIPTION_KEY: "k",
      MTN_MOMO_API_USER: "u",
      MTN_MOMO_API_KEY: "s",
      MTN_MOMO_TARGET_ENVIRONMENT: "mtnivorycoast",
    };
    const orange = {
      ORANGE_MONEY_BASE_URL: "https://api.orange-sonatel.com",
      ORANGE_MONEY_CLIENT_ID: "i",
      ORANGE_MONEY_CLIENT_SECRET: "s",
      ORANGE_MONEY_MERCHANT_CODE: "1",
    };
    expect(liveGateways({})).toEqual(new Set());
    expect(liveGateways({ ...mtn, MTN_MOMO_COUNTRIES: "ci, bj" })).toEqual(new Set(["MTN_MOMO_CI", "MTN_MOMO_BJ"]));
    expect(liveGateways(mtn)).toEqual(new Set(["MTN_MOMO_CI", "MTN_MOMO_BJ", "MTN_MOMO_CM", "MTN_MOMO_GN"]));
    // Only Orange Senegal's API is implemented: the other Orange countries need saying so.
    expect(liveGateways(orange)).toEqual(new Set(["ORANGE_MONEY_SN"]));
    expect(liveGateways({ ...orange, WAVE_API_KEY: "k", WAVE_COUNTRIES: "SN", ORANGE_MONEY_COUNTRIES: "SN,CI" })).toEqual(
      new Set(["WAVE_SN", "ORANGE_MONEY_SN", "ORANGE_MONEY_CI"]),
    );
  });

  it("serves an MTN country only when its own configuration (MTN_MOMO_<CC>_*, else MTN_MOMO_*) is complete", () => {
    const cameroon = {
      MTN_MOMO_BASE_URL: "https://proxy.momoapi.mtn.com",
      MTN_MOMO_SUBSCRIPTION_KEY: "k",
      MTN_MOMO_CM_API_USER: "u-cm",
      MTN_MOMO_CM_API_KEY: "s-cm",
      MTN_MOMO_CM_TARGET_ENVIRONMENT: "mtncameroon",
    };
    // No defaults for the credentials: only Cameroon, which has its own, is served.
    expect(liveGateways(cameroon)).toEqual(new Set(["MTN_MOMO_CM"]));
    expect(configuredOperators(cameroon)).toEqual(new Set(["mtn-momo"]));
    // With the defaults, every country; MTN_MOMO_COUNTRIES still narrows them.
    const all = { ...cameroon, MTN_MOMO_API_USER: "u", MTN_MOMO_API_KEY: "s", MTN_MOMO_TARGET_ENVIRONMENT: "mtnivorycoast" };
    expect(liveGateways(all)).toEqual(new Set(["MTN_MOMO_CI", "MTN_MOMO_BJ", "MTN_MOMO_CM", "MTN_MOMO_GN"]));
    expect(liveGateways({ ...all, MTN_MOMO_COUNTRIES: "CM,GN" })).toEqual(new Set(["MTN_MOMO_CM", "MTN_MOMO_GN"]));
    // Guinea's API user without its key is not completed with the default key: Guinea is off.
    expect(liveGateways({ ...all, MTN_MOMO_GN_API_USER: "u-gn" })).toEqual(new Set(["MTN_MOMO_CI", "MTN_MOMO_BJ", "MTN_MOMO_CM"]));
  });

  it("routes to pawaPay every gateway it covers that no direct operator serves here, and those PAWAPAY_GATEWAYS names", () => {
    const pawapay = { PAWAPAY_BASE_URL: "https://api.sandbox.pawapay.io", PAWAPAY_API_TOKEN: "t" };
    const mtn = {
      MTN_MOMO_BASE_URL: "https://proxy.momoapi.mtn.com",
      MTN_MOMO_SUBSCRIPTION_KEY: "k",
      MTN_MOMO_API_USER: "u",
      MTN_MOMO_API_KEY: "s",
      MTN_MOMO_TARGET_ENVIRONMENT: "mtnivorycoast",
      MTN_MOMO_COUNTRIES: "CI",
    };
    const all = ["MOOV_MONEY_BJ", "MTN_MOMO_BJ", "MOOV_MONEY_BF", "MTN_MOMO_CI", "MOOV_MONEY_CI", "FREE_MONEY_SN", "MTN_MOMO_CM", "ORANGE_MONEY_CM"];
    expect(liveGateways(pawapay)).toEqual(new Set(all));
    // MTN serves Côte d'Ivoire directly: pawaPay keeps the rest, MTN Benin included.
    const withMtn = { ...pawapay, ...mtn };
    expect(liveGateways(withMtn)).toEqual(new Set(all));
    expect(servingPlugin("MTN_MOMO_CI", withMtn)?.plugin.id).toBe("mtn-momo");
    expect(servingPlugin("MTN_MOMO_BJ", withMtn)?.plugin.id).toBe("pawapay");
    expect(servingPlugin("MOOV_MONEY_BJ", withMtn)?.plugin.id).toBe("pawapay");
    // Routed: pawaPay serves MTN Côte d'Ivoire though MTN is configured there.
    expect(servingPlugin("MTN_MOMO_CI", { ...withMtn, PAWAPAY_GATEWAYS: "mtn_momo_ci, NOT_A_GATEWAY" })?.plugin.id).toBe("pawapay");
    // PAWAPAY_COUNTRIES narrows it; Togo has no pawaPay provider, whatever is set.
    expect(liveGateways({ ...pawapay, PAWAPAY_COUNTRIES: "BJ,TG" })).toEqual(new Set(["MOOV_MONEY_BJ", "MTN_MOMO_BJ"]));
    expect(servingPlugin("TMONEY_TG", pawapay)).toBeNull();
    expect(servingPlugin("MTN_MOMO_GN", pawapay)).toBeNull();
  });
});
