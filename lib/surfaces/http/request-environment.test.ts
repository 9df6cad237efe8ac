import { describe, expect, it } from "vitest";
import { apiRequestEnvironment, proxiedRequestEnvironment } from "./request-environment";

describe("apiRequestEnvironment", () => {
  it.each([
    ["http://pay.test/test/api/v4/payments/link", "sandbox"],
    ["https://pay.test:8443/test/public/gateways/deposit/list?country=CI", "sandbox"],
    ["http://pay.test/api/v4/payments/link", "live"],
    ["http://pay.test/api/v4/payments/link?x=/test/api", "live"],
    ["http://test/api/v4/payments/link", "live"],
    ["http://pay.test/testing/api/v4", "live"],
  ])("%s is %s", (url, environment) => {
    expect(apiRequestEnvironment({ url })).toBe(environment);
  });

  it("ignores the header proxy.ts sets for the routes behind it", () => {
    expect(apiRequestEnvironment(new Request("http://pay.test/api/v4/payments/link", { headers: { "x-pcs-environment": "sandbox" } }))).toBe("live");
    expect(proxiedRequestEnvironment(new Headers({ "x-pcs-environment": "sandbox" }))).toBe("sandbox");
    expect(proxiedRequestEnvironment(new Headers())).toBe("live");
  });
});
