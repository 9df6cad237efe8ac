import { DomainError } from "@/lib/core/errors/domain-error";
import { ANALYTICS_MAX_DAYS } from "@/lib/core/schemas/analytics";

const DAY_MS = 86_400_000;

function parseBound(value: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = new Date(`${value}T00:00:00Z`);
    // A date as `to` means "through that day": the range ends at the next midnight, exclusive.
    return end ? new Date(start.getTime() + DAY_MS) : start;
  }
  return new Date(/(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`);
}

/** [from, to) for an analytics request: defaults, order and the maximum span, as 400/40023. */
export function resolveAnalyticsRange(query: { from?: string; to?: string }, now = new Date()): { from: Date; to: Date } {
  // The default end is now, rounded up to the whole second the answer prints: the range the
  // merchant reads back is then exactly the one counted (a second later, same query, same numbers).
  const to = query.to ? parseBound(query.to, true) : new Date(Math.ceil(now.getTime() / 1000) * 1000);
  const from = query.from ? parseBound(query.from, false) : new Date(to.getTime() - 30 * DAY_MS);
  if (from >= to) throw new DomainError("invalid", { details: "from must be before to" });
  if (to.getTime() - from.getTime() > ANALYTICS_MAX_DAYS * DAY_MS) {
    throw new DomainError("invalid", { details: `the range must be at most ${ANALYTICS_MAX_DAYS} days` });
  }
  return { from, to };
}
