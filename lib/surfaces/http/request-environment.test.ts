import { describe, expect, it } from "vitest";
import { proxiedRequestEnvironment } from "./request-environment";

// The API trees' environment is the router's (tests/api/route-table.integration.test.ts, "the router").
describe("proxiedRequestEnvironment", () => {
  it("reads the header proxy.ts sets for the routes behind it", () => {
    expect(proxiedRequestEnvironment(new Headers({ "x-pcs-environment": "sandbox" }))).toBe("sandbox");
    expect(proxiedRequestEnvironment(new Headers({ "x-pcs-environment": "live" }))).toBe("live");
    expect(proxiedRequestEnvironment(new Headers())).toBe("live");
  });
});
