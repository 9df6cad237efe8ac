import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { currencyChoice, currencyName, decimalPlaces, formatMajor, formatMinor, isIsoCurrency, toMajor, toMinor } from "./money";

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
    expect(decimalPlaces(1.5e-7)).toBe(8);
    // toFixed(20) rounded these to "0": a whole number, so 1e-21 XOF became a zero amount.
    expect(decimalPlaces(1e-21)).toBe(21);
    expect(decimalPlaces(Number.MIN_VALUE)).toBe(324);
    expect(decimalPlaces(-2.5e-30)).toBe(31);
  });

  it("refuses the edges of the number line instead of throwing (issue 13: 1e308 was a 500)", () => {
    for (const value of [1e21, 1e308, -1e308, Number.MAX_VALUE, -Number.MAX_VALUE, 2 ** 53 + 2, 1e16]) {
      expect(() => toMinor(value, "XOF"), String(value)).not.toThrow();
      expect(toMinor(value, "XOF"), String(value)).toBeNull();
      expect(toMinor(value, "EUR"), String(value)).toBeNull();
    }
    for (const value of [Number.MIN_VALUE, -Number.MIN_VALUE, 1e-21, 1e-7]) {
      expect(toMinor(value, "XOF"), String(value)).toBeNull();
      expect(toMinor(value, "EUR"), String(value)).toBeNull();
    }
    // The largest amount toMajor gives back exactly is still converted.
    expect(toMinor(Number.MAX_SAFE_INTEGER, "XOF")).toBe(BigInt(Number.MAX_SAFE_INTEGER));
    expect(toMinor(12345678901234.56, "EUR")).toBe(1234567890123456n);
    expect(toMinor(1.5e3, "XOF")).toBe(1500n);
    expect(toMinor(-0, "XOF")).toBe(0n);
  });

  it("never throws and round-trips every double it accepts", () => {
    fc.assert(
      fc.property(fc.double(), fc.constantFrom("XOF", "EUR"), (value, currency) => {
        const minor = toMinor(value, currency);
        if (minor !== null) expect(toMajor(minor, currency)).toBe(value === 0 ? 0 : value);
      }),
      { numRuns: 5000 },
    );
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
    expect(formatMinor(1015n, "XOF", "en")).toBe("1,015\u00a0F\u00a0CFA");
    expect(formatMinor(-1015n, "XOF", "en")).toBe("-1,015\u00a0F\u00a0CFA");
    expect(formatMinor(-1015n, "XAF", "fr")).toBe("-1\u202f015\u00a0F\u00a0CFA");
    expect(formatMinor(150n, "GNF", "fr")).toBe("150 GNF");
    expect(formatMinor(-5n, "EUR", "en")).toBe("-0.05 EUR");
    expect(formatMinor(100050n, "EUR", "fr").replace(/\s/g, " ")).toBe("1 000,50 EUR");
    // Beyond 2^53 minor units a float would round; the bigint path does not.
    expect(formatMinor(9007199254740993n, "XOF", "en")).toBe("9,007,199,254,740,993\u00a0F\u00a0CFA");
  });

  it("formats the API's major-unit numbers with the currency's decimals", () => {
    expect(formatMajor(10.5, "EUR", "en")).toBe("10.50 EUR");
    expect(formatMajor(toMajor(1050n, "EUR"), "EUR", "en")).toBe("10.50 EUR");
    expect(formatMajor(5000, "XOF", "fr").replace(/\s/g, " ")).toBe("5 000 F CFA");
    // Not an amount of that currency (more decimals than it has): shown as it came, not rounded.
    expect(formatMajor(1.5, "XOF", "en")).toBe("1.5\u00a0F\u00a0CFA");
  });

  it("names the francs \"F CFA\" for people, with their code where both can be chosen", () => {
    expect(currencyName("XOF")).toBe("F\u00a0CFA");
    expect(currencyName("EUR")).toBe("EUR");
    expect(currencyChoice("XOF")).toBe("F\u00a0CFA (XOF)");
    expect(currencyChoice("XAF")).toBe("F\u00a0CFA (XAF)");
    expect(currencyChoice("GNF")).toBe("GNF");
  });

  it("keeps every digit of any amount", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.constantFrom("XOF", "EUR", "USD"), fc.constantFrom("en", "fr"), (minor, currency, locale) => {
        const text = formatMinor(minor, currency, locale);
        expect(text.endsWith(currency === "XOF" ? "\u00a0F\u00a0CFA" : ` ${currency}`)).toBe(true);
        expect(BigInt(text.replace(/[^\d-]/g, ""))).toBe(minor);
      }),
    );
  });
});
