import { describe, expect, it } from "vitest";
import { internationalPhone } from "./local-phone";

describe("internationalPhone", () => {
  it("reads a local number in the merchant's country, separators and all", () => {
    expect(internationalPhone("07 00 00 04 44", "CI")).toEqual({ phone: "+2250700000444" });
    expect(internationalPhone("07.00.00.04.44", "ci")).toEqual({ phone: "+2250700000444" });
    expect(internationalPhone("77 123 45 67", "SN")).toEqual({ phone: "+221771234567" });
    expect(internationalPhone("6 70 00 00 00", "CM")).toEqual({ phone: "+237670000000" });
  });

  it("keeps an international number whatever the country, with +, 00 or the bare country code", () => {
    expect(internationalPhone("+221 77 123 45 67", "CI")).toEqual({ phone: "+221771234567" });
    expect(internationalPhone("00221771234567", null)).toEqual({ phone: "+221771234567" });
    expect(internationalPhone("225 07 00 00 04 44", "CI")).toEqual({ phone: "+2250700000444" });
  });

  it("refuses what is not a phone number, and a local number with no country to read it in", () => {
    expect(internationalPhone("07 00 00 04 44", null)).toEqual({ error: "no_country" });
    expect(internationalPhone("call me", "CI")).toEqual({ error: "invalid" });
    expect(internationalPhone("+12", "CI")).toEqual({ error: "invalid" });
    expect(internationalPhone("", "CI")).toEqual({ error: "invalid" });
    expect(internationalPhone("+225 07 00 00 04 44 44 44 44", "CI")).toEqual({ error: "invalid" });
  });
});
