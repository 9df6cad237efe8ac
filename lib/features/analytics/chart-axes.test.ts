import { describe, expect, it } from "vitest";
import { leftMarginFor, amountTicks, dayTicks, formatDay } from "./chart-axes";

describe("amountTicks", () => {
  it("writes amounts with the currency's decimals in the locale's digits", () => {
    expect(amountTicks("XOF", "en").format(5000)).toBe("5,000");
    expect(amountTicks("XOF", "fr").format(5000)).toBe("5\u202f000");
    expect(amountTicks("EUR", "en").format(12.5)).toBe("12.50");
    expect(amountTicks("EUR", "fr").format(1234.5)).toBe("1\u202f234,50");
  });

  it("keeps only ticks a customer could pay: whole francs, whole cents", () => {
    const ticks = [0, 0.2, 0.5, 1, 1.5, 2];
    expect(ticks.filter(amountTicks("XOF", "en").payable)).toEqual([0, 1, 2]);
    expect([0.1, 0.25, 0.005, 0.3].filter(amountTicks("EUR", "en").payable)).toEqual([0.1, 0.25, 0.3]);
  });
});

describe("dayTicks", () => {
  it("labels every day up to three, then the first, middle and last", () => {
    expect(dayTicks(["2026-11-01"])).toEqual(["2026-11-01"]);
    expect(dayTicks(["2026-11-01", "2026-11-02", "2026-11-03"])).toEqual(["2026-11-01", "2026-11-02", "2026-11-03"]);
    const month = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, "0")}`);
    expect(dayTicks(month)).toEqual(["2026-11-01", "2026-11-16", "2026-11-30"]);
  });

  it("writes a day of the UTC calendar in the locale", () => {
    expect(formatDay("2026-11-23", "en-GB")).toBe("23 Nov");
    expect(formatDay("2026-11-23", "fr")).toBe("23 nov.");
  });
});

describe("leftMarginFor", () => {
  it("makes room for the longest label, never less than the chart's margin", () => {
    // "1 000 000" at 11 units: more than the 56 units that cut it on a phone.
    expect(leftMarginFor(["0", "500 000", "1 000 000"], { min: 56, fontSize: 11 })).toBe(72);
    expect(leftMarginFor(["0", "1"], { min: 56, fontSize: 11 })).toBe(56);
    expect(leftMarginFor([], { min: 56, fontSize: 11 })).toBe(56);
  });
});
