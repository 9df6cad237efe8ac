// How long "no record" at an operator must last before a payout's or a refund's funds are released,
// and how long a released one is still read there. From the environment, read at every use (as
// webhook-settings.ts), so a test or an operator changes them without code changes.

/** MONEY_OUT_NO_RECORD_SPACING_MS's default: an hour between the two "no record" reads that release the funds. */
export const DEFAULT_NO_RECORD_SPACING_MS = 60 * 60_000;
/** MONEY_OUT_RELEASED_FOLLOW_DAYS's default: a week of reads after a release on "no record". */
export const DEFAULT_RELEASED_FOLLOW_DAYS = 7;

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * The least time between the first "no record" read past the follow window and the one that
 * releases the funds. Without it, two passes a moment apart (npm run reconcile twice, "ask the
 * operators now" beside the hourly sweep) released a payout an operator had taken but did not show
 * yet. Never zero: a value that is not a positive whole number is the default.
 */
export function noRecordSpacingMs(env: Record<string, string | undefined> = process.env): number {
  return positiveInt(env.MONEY_OUT_NO_RECORD_SPACING_MS, DEFAULT_NO_RECORD_SPACING_MS);
}

/** How long a payout or a refund released on "no record" is still read at its operator, from its release. */
export function releasedFollowMs(env: Record<string, string | undefined> = process.env): number {
  return positiveInt(env.MONEY_OUT_RELEASED_FOLLOW_DAYS, DEFAULT_RELEASED_FOLLOW_DAYS) * 24 * 60 * 60_000;
}

/** BATCH_SEND_CONCURRENCY's default per operator: payouts of a batch in flight at once to one operator, per runner. */
export const DEFAULT_BATCH_SEND_CONCURRENCY = 4;

/**
 * How many of a batch's payouts one runner sends at once to `operator` (an operator's id,
 * "mtn-momo", or "sandbox"): BATCH_SEND_CONCURRENCY="mtn-momo=4,wave=8", each operator at the pace
 * its contract tolerates; DEFAULT_BATCH_SEND_CONCURRENCY for one not named.
 */
export function batchSendConcurrency(operator: string, env: Record<string, string | undefined> = process.env): number {
  for (const part of (env.BATCH_SEND_CONCURRENCY ?? "").split(",")) {
    const [name, value] = part.split("=").map((text) => text.trim());
    if (name === operator) return positiveInt(value, DEFAULT_BATCH_SEND_CONCURRENCY);
  }
  return DEFAULT_BATCH_SEND_CONCURRENCY;
}
