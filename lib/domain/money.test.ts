import { describe, expect, it } from "vitest";
import { decimalPlaces, isIsoCurrency, toMajor, toMinor } from "./money";

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
});
