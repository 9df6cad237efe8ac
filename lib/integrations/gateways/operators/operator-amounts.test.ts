import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalToMinor, minorToDecimalString, minorToJsonNumber } from "./operator-amounts";

describe("operator amounts", () => {
  it("writes minor units as the operator's decimal string", () => {
    expect(minorToDecimalString(1500n, "XOF")).toBe("1500");
    expect(minorToDecimalString(1050n, "EUR")).toBe("10.50");
    expect(minorToDecimalString(5n, "EUR")).toBe("0.05");
    expect(minorToDecimalString(0n, "EUR")).toBe("0.00");
    expect(minorToDecimalString(9007199254740993n, "XOF")).toBe("9007199254740993");
    expect(() => minorToDecimalString(-1n, "XOF")).toThrow(RangeError);
  });

  it("reads operator amounts back exactly, refusing what the currency cannot hold", () => {
    expect(decimalToMinor("1500", "XOF")).toBe(1500n);
    expect(decimalToMinor("1500.00", "XOF")).toBe(1500n);
    expect(decimalToMinor("1500.5", "XOF")).toBeNull();
    expect(decimalToMinor("10.5", "EUR")).toBe(1050n);
    expect(decimalToMinor("10.505", "EUR")).toBeNull();
    expect(decimalToMinor(125, "XOF")).toBe(125n);
    expect(decimalToMinor(0.1, "EUR")).toBe(10n);
    for (const bad of ["", "-5", "1e3", "12,5", " ", "abc", null, undefined, -1, Number.NaN, {}]) {
      expect(decimalToMinor(bad, "XOF")).toBeNull();
    }
  });

  it("round-trips every amount through the string form", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.constantFrom("XOF", "EUR", "GNF", "USD"), (minor, currency) => {
        expect(decimalToMinor(minorToDecimalString(minor, currency), currency)).toBe(minor);
      }),
    );
  });

  it("gives a JSON number only when it carries the amount exactly", () => {
    expect(minorToJsonNumber(1500n, "XOF")).toBe(1500);
    expect(minorToJsonNumber(1050n, "EUR")).toBe(10.5);
    expect(minorToJsonNumber(2n ** 53n + 1n, "XOF")).toBeNull();
  });
});
