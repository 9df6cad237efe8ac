import { describe, expect, it } from "vitest";
import { BUSY_BACKOFF_MAX, nextWait } from "./embedded-runner";
import type { DueWorkReport } from "./run-due-work";

const empty: DueWorkReport = { linksExpired: 0, depositsSettled: 0, transfersSettled: 0, refundsSettled: 0, deliveriesAttempted: 0, receiptsSent: 0, paymentAlertsSent: 0, eventsDeleted: 0, backlog: false };

describe("the embedded runner's wait between passes", () => {
  it("stays at the interval while the process is not busy, whatever the passes found", () => {
    expect(nextWait(1000, 1000, false, empty)).toBe(1000);
    expect(nextWait(1000, 4000, false, empty)).toBe(1000);
  });

  it("doubles on a busy process's empty passes, up to BUSY_BACKOFF_MAX intervals", () => {
    const waits = [1000];
    for (let i = 0; i < 4; i++) waits.push(nextWait(1000, waits.at(-1)!, true, empty));
    expect(waits).toEqual([1000, 2000, 4000, 4000, 4000]);
    expect(BUSY_BACKOFF_MAX * 1000).toBe(4000);
  });

  it("comes back to the interval as soon as a pass finds work, or failed", () => {
    expect(nextWait(1000, 4000, true, { ...empty, linksExpired: 1 })).toBe(1000);
    expect(nextWait(1000, 4000, true, { ...empty, deliveriesAttempted: 3 })).toBe(1000);
    expect(nextWait(1000, 4000, true, { ...empty, backlog: true })).toBe(1000);
    expect(nextWait(1000, 4000, true, null)).toBe(1000);
  });
});
