import { describe, expect, it } from "vitest";
import { formatCount, formatPercent } from "./number-format";
import { formatMinor } from "./money";

describe("formatPercent and formatCount", () => {
  it("writes percents the way each language does", () => {
    expect(formatPercent(0.125, "fr")).toMatch(/^12,5[\u00a0\u202f]%$/);
    expect(formatPercent(0, "fr")).toMatch(/^0[\u00a0\u202f]%$/);
    expect(formatPercent(0.125, "en")).toBe("12.5%");
    expect(formatPercent(null, "fr")).toBe("–");
    expect(formatPercent(Number.NaN, "en")).toBe("–");
  });

  it("groups counts", () => {
    expect(formatCount(12500, "fr")).toMatch(/^12[\u00a0\u202f]500$/);
    expect(formatCount(12500, "en")).toBe("12,500");
  });

  it("the CFA francs read \"F CFA\" in both languages, kept with their number (docs/decisions.md)", () => {
    expect(formatMinor(15225n, "XOF", "fr")).toBe("15\u202f225\u00a0F\u00a0CFA");
    expect(formatMinor(15225n, "XAF", "en")).toBe("15,225\u00a0F\u00a0CFA");
    expect(formatMinor(1050n, "EUR", "fr")).toBe("10,50 EUR");
  });
});
