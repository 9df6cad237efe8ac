import { describe, expect, it } from "vitest";
import { isServedCountry, SERVED_COUNTRIES, toInternationalPhone } from "./local-phone";

describe("toInternationalPhone", () => {
  it("puts the chosen country's dialling code before a local number", () => {
    expect(toInternationalPhone("07 00 00 04 44", "CI")).toBe("+2250700000444");
    expect(toInternationalPhone("77.123.45.67", "SN")).toBe("+221771234567");
    expect(toInternationalPhone("6-70-00-00-00", "CM")).toBe("+237670000000");
  });
  it("keeps an international number whatever the country (+ or 00)", () => {
    expect(toInternationalPhone("+225 07 00 00 04 44", "SN")).toBe("+2250700000444");
    expect(toInternationalPhone("00221 77 123 45 67", "CI")).toBe("+221771234567");
  });
  it("refuses what is no phone number, or a local number without a country we serve", () => {
    expect(toInternationalPhone("07 00", "CI")).toBeNull();
    expect(toInternationalPhone("call me", "CI")).toBeNull();
    expect(toInternationalPhone("0700000444", "FR")).toBeNull();
    expect(toInternationalPhone("0700000444", null)).toBeNull();
  });
});

describe("the served countries", () => {
  it("are the countries our gateways reach", () => {
    expect(SERVED_COUNTRIES).toContain("CI");
    expect(SERVED_COUNTRIES).toContain("BJ");
    expect(isServedCountry("SN")).toBe(true);
    expect(isServedCountry("FR")).toBe(false);
  });
});
