import { describe, expect, it } from "vitest";
import { parseAmountInput } from "./amount-input";

const minor = (text: string, currency = "XOF") => {
  const parsed = parseAmountInput(text, currency);
  return parsed.ok ? parsed.minor : parsed.reason;
};

describe("parseAmountInput", () => {
  it("reads the ways a shopkeeper types five thousand francs", () => {
    for (const text of ["5000", "5 000", "5\u00a0000", "5\u202f000", "5.000", "5,000", " 5 000 ", "5'000", "5000,00", "5000.0"]) {
      expect(minor(text), text).toBe(5000n);
    }
    expect(minor("1.250.000")).toBe(1_250_000n);
    expect(minor("1 250 000")).toBe(1_250_000n);
  });

  it("refuses decimals for a currency without a minor unit, never rounding them", () => {
    expect(minor("5000,5")).toBe("too_many_decimals");
    expect(minor("5000.50", "XAF")).toBe("too_many_decimals");
    expect(minor("0.500", "GNF")).toBe("too_many_decimals");
  });

  it("reads decimals for currencies that have them, from the digits", () => {
    expect(minor("10,50", "EUR")).toBe(1050n);
    expect(minor("10.5", "EUR")).toBe(1050n);
    expect(minor("1 250,75", "EUR")).toBe(125075n);
    expect(minor("1.250,75", "EUR")).toBe(125075n);
    expect(minor("1,250.75", "USD")).toBe(125075n);
    expect(minor("0.1", "USD")).toBe(10n);
    expect(minor("10.505", "EUR")).toBe(1050500n); // three digits after one mark: thousands
    expect(minor("10,5051", "EUR")).toBe("too_many_decimals");
  });

  it("keeps amounts beyond a float's exact range exact", () => {
    expect(minor("90 071 992 547 409 930")).toBe(90071992547409930n);
  });

  it("says why text is not an amount", () => {
    expect(minor("")).toBe("empty");
    expect(minor("   ")).toBe("empty");
    for (const text of ["abc", "5 000 F", "-5000", "5,", ".5", "5..000", "1.25.000", "1e3", "5 000,00,0", "1,25.000"]) {
      expect(minor(text), text).toBe("not_a_number");
    }
  });

  it("gives the amount as exact decimal text for the API body", () => {
    expect(parseAmountInput("1 250,5", "EUR")).toEqual({ ok: true, minor: 125050n, text: "1250.50" });
    expect(parseAmountInput("5.000", "XOF")).toEqual({ ok: true, minor: 5000n, text: "5000" });
  });
});
