import { describe, expect, it } from "vitest";
import { canTransitionDeposit, effectiveDepositStatus } from "./deposit-status";

describe("deposit status", () => {
  it("only leaves pending, and only once", () => {
    const all = ["pending", "completed", "failed", "expired"] as const;
    for (const from of all) {
      for (const to of all) {
        expect(canTransitionDeposit(from, to)).toBe(from === "pending" && to !== "pending");
      }
    }
  });

  it("reads as expired from expiresAt on", () => {
    const expiresAt = new Date("2026-11-22T10:15:00Z");
    expect(effectiveDepositStatus({ status: "pending", expiresAt }, new Date("2026-11-22T10:14:59Z"))).toBe("pending");
    expect(effectiveDepositStatus({ status: "pending", expiresAt }, expiresAt)).toBe("expired");
    expect(effectiveDepositStatus({ status: "completed", expiresAt }, new Date("2027-01-01"))).toBe("completed");
    // Held for support: not expired by the clock.
    expect(effectiveDepositStatus({ status: "pending", expiresAt, heldReason: "amount_mismatch" }, new Date("2027-01-01"))).toBe("pending");
  });
});
