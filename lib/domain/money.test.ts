import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { decimalPlaces, formatMajor, formatMinor, isIsoCurrency, toMajor, toMinor } from "./money";

describe("money", () => {
  it("converts major to minor units through decimal strings", () => {
    expect(toMinor(5000, "XOF")).toBe(5000n);
    expect(toMinor(0.3, "EUR")).toBe(30n);
    expect(toMinor(0.1 + 0.2, "EUR")).toBeNull(); // a float artefact is refused, not rounded
    expect(toMinor(1234.56, "EUR")).toBe(123456n);
    expect(toMinor(19.99, "USD")).toBe(1999n);
    expect(toMinor(1e-7, "EUR")).toBeNull();
  });

  it("refuses more decimals than the currency has", () => {
    expect(toMinor(100.5, "XOF")).toBeNull();
    expect(toMinor(100.5, "GNF")).toBeNull();
    expect(toMinor(100.555, "EUR")).toBeNull();
    expect(toMinor(Number.NaN, "EUR")).toBeNull();
    expect(toMinor(Number.POSITIVE_INFINITY, "EUR")).toBeNull();
  });

  it("converts minor units back exactly", () => {
    expect(toMajor(123456n, "EUR")).toBe(1234.56);
    expect(toMajor(5n, "USD")).toBe(0.05);
    expect(toMajor(5000n, "XOF")).toBe(5000);
    expect(toMajor(-150n, "EUR")).toBe(-1.5);
  });

  it("counts decimal places as written", () => {
    expect(decimalPlaces(10)).toBe(0);
    expect(decimalPlaces(10.5)).toBe(1);
    expect(decimalPlaces(1e21)).toBe(0);
  });

  it("knows ISO 4217 codes", () => {
    expect(isIsoCurrency("XOF")).toBe(true);
    expect(isIsoCurrency("GNF")).toBe(true);
    expect(isIsoCurrency("ABC")).toBe(false);
    expect(isIsoCurrency("xof")).toBe(false);
  });

  it("formats minor units for people, exactly, with the currency's decimals", () => {
    expect(formatMinor(100050n, "EUR", "en-GB")).toBe("1,000.50 EUR");
    expect(formatMinor(1000n, "EUR", "en-GB")).toBe("10.00 EUR");
    expect(formatMinor(5n, "USD", "en")).toBe("0.05 USD");
    expect(formatMinor(1015n, "XOF", "en")).toBe("1,015 XOF");
    expect(formatMinor(-1015n, "XOF", "en")).toBe("-1,015 XOF");
    expect(formatMinor(-5n, "EUR", "en")).toBe("-0.05 EUR");
    expect(formatMinor(100050n, "EUR", "fr").replace(/\s/g, " ")).toBe("1 000,50 EUR");
    // Beyond 2^53 minor units a float would round; the bigint path does not.
    expect(formatMinor(9007199254740993n, "XOF", "en")).toBe("9,007,199,254,740,993 XOF");
  });

  it("formats the API's major-unit numbers with the currency's decimals", () => {
    expect(formatMajor(10.5, "EUR", "en")).toBe("10.50 EUR");
    expect(formatMajor(toMajor(1050n, "EUR"), "EUR", "en")).toBe("10.50 EUR");
    expect(formatMajor(5000, "XOF", "fr").replace(/\s/g, " ")).toBe("5 000 XOF");
    // Not an amount of that currency (more decimals than it has): shown as it came, not rounded.
    expect(formatMajor(1.5, "XOF", "en")).toBe("1.5 XOF");
  });

  it("keeps every digit of any amount", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.constantFrom("XOF", "EUR", "USD"), fc.constantFrom("en", "fr"), (minor, currency, locale) => {
        const text = formatMinor(minor, currency, locale);
        expect(text.endsWith(` ${currency}`)).toBe(true);
        expect(BigInt(text.replace(/[^\d-]/g, ""))).toBe(minor);
      }),
    );
  });
});
