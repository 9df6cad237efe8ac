// When to read a pending live deposit's status at its operator again. A callback usually tells us
// first, but MTN sends it once without retry and Wave's may be lost: the sweep reads the status
// itself, often at first (most customers answer the prompt within a minute), then every 5 minutes
// so that a deposit left pending for its whole lifetime costs few calls.

const STEPS_MS = [5_000, 15_000, 60_000];
const EVERY_MS = 5 * 60_000;

/** The next status read of a deposit created at `createdAt`, after a read at `now`. */
export function nextOperatorCheck(createdAt: Date, now: Date): Date {
  const age = now.getTime() - createdAt.getTime();
  const step = STEPS_MS.find((offset) => offset > age);
  return step === undefined ? new Date(now.getTime() + EVERY_MS) : new Date(createdAt.getTime() + step);
}
