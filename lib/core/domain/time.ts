// The spec's timestamps are UTC ISO 8601 without a zone designator: whole seconds for links,
// fractional seconds for deposits.

export function formatWholeSeconds(date: Date): string {
  return date.toISOString().slice(0, 19);
}

export function formatFractionalSeconds(date: Date): string {
  return date.toISOString().slice(0, 23);
}

/** Drops the milliseconds, so what is stored is exactly what is shown. */
export function truncateToSecond(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

/** formatFractionalSeconds for a time that may not have happened yet (completedAt...): null stays null. */
export function formatFractionalSecondsOrNull(date: Date | null): string | null {
  return date ? formatFractionalSeconds(date) : null;
}
