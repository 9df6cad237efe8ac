import { describe, expect, it } from "vitest";
import { e164, msisdnDigits, nationalNumber } from "./operator-phone";

describe("operator phone forms", () => {
  it("MTN: digits with the country code, no plus", () => {
    expect(msisdnDigits("+2250700000000")).toBe("2250700000000");
    expect(msisdnDigits("+225 07 00 00 00 00")).toBe("2250700000000");
    expect(msisdnDigits("2250700000000")).toBeNull();
    expect(msisdnDigits("+22507abc")).toBeNull();
  });

  it("Wave: E.164 with the plus", () => {
    expect(e164("+221700000000")).toBe("+221700000000");
    expect(e164("0700000000")).toBeNull();
  });

  it("Orange Money: the national number of one of our countries", () => {
    expect(nationalNumber("+221770000000")).toBe("770000000");
    expect(nationalNumber("+2250700000000")).toBe("0700000000");
    expect(nationalNumber("+224620000000")).toBe("620000000");
    expect(nationalNumber("+33612345678")).toBeNull();
    expect(nationalNumber("770000000")).toBeNull();
  });
});
