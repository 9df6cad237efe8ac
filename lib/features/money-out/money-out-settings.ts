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
