import { describe, expect, it } from "vitest";
import { moneyOutStatus } from "./transfer-review";

describe("moneyOutStatus", () => {
  it("shows a payout or refund its operator left unresolved as under review, never as failed or on its way", () => {
    const at = new Date("2026-11-28T00:00:00Z");
    expect(moneyOutStatus({ status: "pending", unresolvedAt: at })).toBe("under_review");
    expect(moneyOutStatus({ status: "pending", unresolvedAt: null })).toBe("pending");
    // Settled since (support decided, or a late answer): what it became.
    expect(moneyOutStatus({ status: "completed", unresolvedAt: at })).toBe("completed");
    expect(moneyOutStatus({ status: "failed", unresolvedAt: at })).toBe("failed");
  });
});
