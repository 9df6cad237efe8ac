import { describe, expect, it } from "vitest";
import { isServedCountry, SERVED_COUNTRIES } from "./served-countries";

describe("the served countries", () => {
  it("are the countries our gateways reach", () => {
    expect(SERVED_COUNTRIES).toContain("CI");
    expect(SERVED_COUNTRIES).toContain("BJ");
    expect(isServedCountry("SN")).toBe(true);
    expect(isServedCountry("FR")).toBe(false);
  });
});
