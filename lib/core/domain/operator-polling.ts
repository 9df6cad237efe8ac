// When to read a pending live deposit's status at its operator again. A callback usually tells us
// first, but MTN sends it once without retry and Wave's may be lost: the sweep reads the status
// itself, often at first (most customers answer the prompt within a minute), then every 5 minutes
// so that a deposit left pending for its whole lifetime costs few calls.

const STEPS_MS = [5_000, 15_000, 60_000];
/** Past its first minute, a payment is read this often. */
export const OPERATOR_READ_EVERY_MS = 5 * 60_000;

/** The next status read of a deposit created at `createdAt`, after a read at `now`. */
export function nextOperatorCheck(createdAt: Date, now: Date): Date {
  const age = now.getTime() - createdAt.getTime();
  const step = STEPS_MS.find((offset) => offset > age);
  return step === undefined ? new Date(now.getTime() + OPERATOR_READ_EVERY_MS) : new Date(createdAt.getTime() + step);
}

/**
 * How long the reconciliation keeps asking an operator about a payment whose answer is not final
 * (pending at the operator, an unknown outcome, or ended on our side while still open there):
 * 72 hours from its creation. Operators settle within minutes, rarely hours (Orange: "final status
 * guaranteed within 24 h"); past this the row is listed for support as unresolved.
 */
export const OPERATOR_FOLLOW_MS = 72 * 60 * 60_000;

/** Until when a live payment created at `createdAt` is followed at its operator. */
export function followUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + OPERATOR_FOLLOW_MS);
}

/** After a step that threw (a payout, a refund): its next try, after half its age, between a minute and half an hour. */
export function retryAfterFailure(createdAt: Date, now: Date): Date {
  const delay = Math.min(30 * 60_000, Math.max(60_000, (now.getTime() - createdAt.getTime()) / 2));
  return new Date(now.getTime() + delay);
}
