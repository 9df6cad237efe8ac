import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeFeesMinor, maxAmountWithinMinor, minorUnits, type FeeSchedule } from "./fees";
import { toMajor } from "./money";

const schedule = (percent: string, fixedMinor: Record<string, number> = {}) => ({ percent, fixedMinor });
const currencies = ["XOF", "GNF", "EUR", "USD"] as const;
const percents = fc.integer({ min: 0, max: 10_000 }).map((thousandths) => (thousandths / 1000).toFixed(3));

describe("computeFeesMinor", () => {
  it("rounds the percentage up to the currency's minor unit", () => {
    expect(computeFeesMinor(5000n, "XOF", schedule("1.5"))).toBe(75n);
    expect(computeFeesMinor(101n, "XOF", schedule("1.5"))).toBe(2n); // 1.515 -> 2
    expect(computeFeesMinor(100n, "XOF", schedule("1"))).toBe(1n);
    expect(computeFeesMinor(1999n, "EUR", schedule("3", { EUR: 25 }))).toBe(60n + 25n); // 59.97 cents -> 60
    expect(computeFeesMinor(0n, "EUR", schedule("3", { EUR: 25 }))).toBe(0n);
    expect(computeFeesMinor(1000n, "XOF", schedule("0"))).toBe(0n);
  });

  it("refuses a malformed schedule", () => {
    expect(() => computeFeesMinor(100n, "XOF", schedule("1.2345"))).toThrow('Invalid fee percent "1.2345"');
    expect(() => computeFeesMinor(100n, "XOF", schedule("-1"))).toThrow('Invalid fee percent "-1"');
  });

  for (const currency of currencies) {
    it(`is never negative, never finer than ${currency}'s minor unit, and monotonic (${currency})`, () => {
      fc.assert(
        fc.property(
          fc.bigInt({ min: 1n, max: 10n ** 12n }),
          fc.bigInt({ min: 0n, max: 10n ** 6n }),
          percents,
          fc.integer({ min: 0, max: 1000 }),
          (amount, extra, percent, fixed) => {
            const s = schedule(percent, { [currency]: fixed });
            const fee = computeFeesMinor(amount, currency, s);
            expect(fee >= 0n).toBe(true);
            // A whole number of minor units is, in major units, at most minorUnits decimals.
            const [, fraction = ""] = String(toMajor(fee, currency)).split(".");
            expect(fraction.length).toBeLessThanOrEqual(minorUnits(currency));
            expect(computeFeesMinor(amount + extra, currency, s) >= fee).toBe(true);
            // Rounded up: never below the exact percentage.
            expect(fee * 100_000n >= amount * BigInt(Math.round(Number(percent) * 1000))).toBe(true);
          },
        ),
        { numRuns: 500 },
      );
    });
  }
});

describe("maxAmountWithinMinor (issue 35: the most that can be withdrawn)", () => {
  const schedules: FeeSchedule[] = [
    { percent: "1", fixedMinor: { XOF: 0 } },
    { percent: "1.5", fixedMinor: { XOF: 100, EUR: 30 } },
    { percent: "0", fixedMinor: {} },
  ];
  it("is the largest amount whose amount + fees fits the balance", () => {
    for (const schedule of schedules) {
      for (const currency of ["XOF", "EUR"]) {
        for (const balance of [0n, 1n, 99n, 101n, 1_000n, 10_000n, 1_234_567n]) {
          const max = maxAmountWithinMinor(balance, currency, schedule);
          if (max > 0n) expect(max + computeFeesMinor(max, currency, schedule)).toBeLessThanOrEqual(balance);
          expect(max + 1n + computeFeesMinor(max + 1n, currency, schedule), `${balance} ${currency} ${schedule.percent}`).toBeGreaterThan(balance);
        }
      }
    }
  });
});
