import { minorUnits } from "./money";

// A gateway's fee schedule: a percentage of the amount plus a fixed part, both set per gateway.
export type FeeSchedule = {
  /** Percent as a decimal string with at most 3 decimals, e.g. "1.5" for 1.5 %. */
  percent: string;
  /** Fixed part per currency, in minor units. */
  fixedMinor: Record<string, number>;
};

const PERCENT_SCALE = 1000n; // thousandths of a percent, the precision of Gateway.feePercent

function percentInThousandths(percent: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,3}))?$/.exec(percent.trim());
  if (!match) throw new Error(`Invalid fee percent "${percent}"`);
  return BigInt(match[1]) * PERCENT_SCALE + BigInt((match[2] ?? "").padEnd(3, "0"));
}

/**
 * Fees in minor units for an amount in minor units. The percentage part is rounded up to the
 * currency's minor unit: the service never undercharges by a fraction the currency cannot carry.
 */
export function computeFeesMinor(amountMinor: bigint, currency: string, schedule: FeeSchedule): bigint {
  if (amountMinor <= 0n) return 0n;
  const divisor = 100n * PERCENT_SCALE;
  const numerator = amountMinor * percentInThousandths(schedule.percent);
  const percentPart = (numerator + divisor - 1n) / divisor;
  const fixed = BigInt(schedule.fixedMinor[currency] ?? 0);
  return percentPart + fixed;
}

export { minorUnits };

/**
 * The largest amount (minor units) whose amount + fees fits in `availableMinor`: "the most you can
 * withdraw" of a balance. Fees only grow with the amount, so a binary search over the amount finds
 * it by the very rule (computeFeesMinor) a transfer is checked with: this amount is accepted,
 * one minor unit more is refused for lack of balance.
 */
export function maxAmountWithinMinor(availableMinor: bigint, currency: string, schedule: FeeSchedule): bigint {
  let low = 0n;
  let high = availableMinor > 0n ? availableMinor : 0n;
  while (low < high) {
    const middle = (low + high + 1n) / 2n;
    if (middle + computeFeesMinor(middle, currency, schedule) <= availableMinor) low = middle;
    else high = middle - 1n;
  }
  return low;
}
