import { describe, expect, it } from "vitest";
import { internationalPhone, normalizePhone } from "./phone";

describe("normalizePhone", () => {
  it("reads the local form of the merchant's country", () => {
    expect(normalizePhone("07 00 00 04 44", "CI")).toBe("+2250700000444");
    expect(normalizePhone("07.00.00.04.44", "CI")).toBe("+2250700000444");
    expect(normalizePhone("07-00-00-04-44", "ci")).toBe("+2250700000444");
    expect(normalizePhone("77 000 00 00", "SN")).toBe("+221770000000");
    expect(normalizePhone("6 70 00 00 00", "CM")).toBe("+237670000000");
  });

  it("keeps international forms whatever the country", () => {
    expect(normalizePhone("+225 07 00 00 04 44", "SN")).toBe("+2250700000444");
    expect(normalizePhone("00225 07 00 00 04 44", null)).toBe("+2250700000444");
    expect(normalizePhone("+2250700000444")).toBe("+2250700000444");
    expect(normalizePhone("225 07 00 00 04 44", "CI")).toBe("+2250700000444");
    expect(normalizePhone("221 77 000 00 00", "SN")).toBe("+221770000000");
  });

  it("refuses what is no number", () => {
    expect(normalizePhone("", "CI")).toBeNull();
    expect(normalizePhone("07 00", "CI")).toBeNull();
    expect(normalizePhone("0700000444", null)).toBeNull(); // local, but whose?
    expect(normalizePhone("0700000444", "FR")).toBeNull(); // a country we do not serve
    expect(normalizePhone("+225 abc", "CI")).toBeNull();
    expect(normalizePhone("07 00 00 04 44 ext", "CI")).toBeNull();
  });
});

describe("internationalPhone", () => {
  it("reads a local number in the merchant's country, separators and all", () => {
    expect(internationalPhone("07.00.00.04.44", "ci")).toEqual({ phone: "+2250700000444" });
    expect(internationalPhone("6-70-00-00-00", "CM")).toEqual({ phone: "+237670000000" });
  });

  it("keeps an international number whatever the country, with +, 00 or the bare country code", () => {
    expect(internationalPhone("+221 77 123 45 67", "CI")).toEqual({ phone: "+221771234567" });
    expect(internationalPhone("00221771234567", null)).toEqual({ phone: "+221771234567" });
    expect(internationalPhone("225 07 00 00 04 44", "CI")).toEqual({ phone: "+2250700000444" });
  });

  it("tells a local number with no country to read it in from what is no phone number", () => {
    expect(internationalPhone("07 00 00 04 44", null)).toEqual({ error: "no_country" });
    expect(internationalPhone("0700000444", "FR")).toEqual({ error: "no_country" });
    expect(internationalPhone("07 00", "CI")).toEqual({ error: "invalid" });
    expect(internationalPhone("call me", "CI")).toEqual({ error: "invalid" });
    expect(internationalPhone("+12", "CI")).toEqual({ error: "invalid" });
    expect(internationalPhone("", "CI")).toEqual({ error: "invalid" });
    expect(internationalPhone("+225 07 00 00 04 44 44 44 44", "CI")).toEqual({ error: "invalid" });
  });
});
