import { describe, expect, it } from "vitest";
import { canTransitionLink, effectiveLinkStatus } from "./link-status";

describe("link status", () => {
  const expiresAt = new Date("2026-11-22T10:00:00Z");

  it("is expired from the second expiresAt is reached", () => {
    expect(effectiveLinkStatus({ status: "pending", expiresAt }, new Date("2026-11-22T09:59:59.999Z"))).toBe("pending");
    expect(effectiveLinkStatus({ status: "pending", expiresAt }, expiresAt)).toBe("expired");
  });

  it("keeps final states as they are", () => {
    const later = new Date("2026-11-23T00:00:00Z");
    expect(effectiveLinkStatus({ status: "completed", expiresAt }, later)).toBe("completed");
    expect(effectiveLinkStatus({ status: "failed", expiresAt }, later)).toBe("failed");
  });

  it("moves only out of pending", () => {
    expect(canTransitionLink("pending", "completed")).toBe(true);
    expect(canTransitionLink("pending", "pending")).toBe(false);
    for (const from of ["completed", "failed", "expired"] as const) {
      expect(canTransitionLink(from, "completed")).toBe(false);
    }
  });
});
