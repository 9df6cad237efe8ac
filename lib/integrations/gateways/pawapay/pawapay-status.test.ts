import { describe, expect, it } from "vitest";
import { readPawapayConfig, pawapayServes } from "./pawapay-config";
import { pawapayOutcome } from "./pawapay-status";

describe("pawaPay's statuses in our words", () => {
  const data = { depositId: "8917c345-4791-4285-a416-62f24b6982db", amount: "5150.00", currency: "XOF", providerTransactionId: "ABC123" };

  it("COMPLETED completes with pawaPay's figures and reference; FAILED fails with its code in our words", () => {
    expect(pawapayOutcome({ ...data, status: "COMPLETED" })).toEqual({ status: "completed", amountMinor: 5150n, currency: "XOF", said: "COMPLETED", operatorReference: "ABC123" });
    expect(pawapayOutcome({ ...data, status: "FAILED", failureReason: { failureCode: "PAYMENT_NOT_APPROVED" } })).toMatchObject({ status: "failed", reason: "declined_by_customer", said: "FAILED PAYMENT_NOT_APPROVED" });
    expect(pawapayOutcome({ ...data, status: "FAILED", failureReason: { failureCode: "INSUFFICIENT_BALANCE" } })).toMatchObject({ reason: "insufficient_funds" });
    expect(pawapayOutcome({ ...data, status: "FAILED", failureReason: { failureCode: "WALLET_LIMIT_REACHED" } })).toMatchObject({ reason: "wallet_limit_reached" });
    expect(pawapayOutcome({ ...data, status: "FAILED" })).toMatchObject({ status: "failed", reason: "unspecified_failure" });
  });

  it("every other status, known or not, stays pending with pawaPay's word; a success without readable figures too", () => {
    for (const status of ["ACCEPTED", "SUBMITTED", "PROCESSING", "ENQUEUED", "IN_RECONCILIATION", "SOMETHING_NEW"]) {
      expect(pawapayOutcome({ ...data, status })).toEqual({ status: "pending", said: status });
    }
    expect(pawapayOutcome({ ...data, status: "COMPLETED", amount: "5150.5" })).toEqual({ status: "pending", said: "COMPLETED without an amount we can read" });
    expect(pawapayOutcome({ ...data, status: "COMPLETED", currency: undefined })).toMatchObject({ status: "pending" });
    expect(pawapayOutcome(null)).toEqual({ status: "pending", said: "unknown" });
  });
});

describe("pawaPay's settings", () => {
  const env = { PAWAPAY_BASE_URL: "https://api.sandbox.pawapay.io/", PAWAPAY_API_TOKEN: "t" };

  it("needs the base URL and the token; reads the callback key with \\n escapes, countries and routed gateways", () => {
    expect(readPawapayConfig({ PAWAPAY_API_TOKEN: "t" })).toBeNull();
    expect(readPawapayConfig({ ...env, PAWAPAY_BASE_URL: "ftp://x" })).toBeNull();
    const config = readPawapayConfig({
      ...env,
      PAWAPAY_CALLBACK_PUBLIC_KEY: "-----BEGIN PUBLIC KEY-----\\nAAAA\\n-----END PUBLIC KEY-----",
      PAWAPAY_COUNTRIES: "bj, SN",
      PAWAPAY_GATEWAYS: "MTN_MOMO_BJ,NOT_A_GATEWAY",
    })!;
    expect(config).toMatchObject({ baseUrl: "https://api.sandbox.pawapay.io", countries: ["BJ", "SN"], routedGateways: ["MTN_MOMO_BJ"] });
    expect(config.callbackKeys).toEqual([{ keyId: null, pem: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----" }]);
  });

  it("serves a gateway pawaPay has a provider for, in an allowed country, unless a direct operator serves it and it is not routed", () => {
    const config = readPawapayConfig({ ...env, PAWAPAY_COUNTRIES: "BJ,SN", PAWAPAY_GATEWAYS: "MTN_MOMO_BJ" })!;
    expect(pawapayServes(config, "MOOV_MONEY_BJ", false)).toBe(true);
    expect(pawapayServes(config, "FREE_MONEY_SN", false)).toBe(true);
    expect(pawapayServes(config, "MOOV_MONEY_CI", false)).toBe(false);
    expect(pawapayServes(config, "MTN_MOMO_BJ", true)).toBe(true);
    expect(pawapayServes(config, "MTN_MOMO_CI", true)).toBe(false);
    expect(pawapayServes(config, "TMONEY_TG", false)).toBe(false);
    expect(pawapayServes(readPawapayConfig(env)!, "MOOV_MONEY_CI", false)).toBe(true);
  });
});
