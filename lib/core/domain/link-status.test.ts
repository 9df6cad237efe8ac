import { describe, expect, it } from "vitest";
import { canTransitionLink, effectiveLinkStatus, isLinkPayable } from "./link-status";

describe("link status", () => {
  const expiresAt = new Date("2026-11-22T10:00:00Z");
  const before = new Date("2026-11-22T09:59:59.999Z");
  const later = new Date("2026-11-23T00:00:00Z");

  it("is expired from the second expiresAt is reached", () => {
    expect(effectiveLinkStatus({ status: "pending", expiresAt }, before)).toBe("pending");
    expect(effectiveLinkStatus({ status: "pending", expiresAt }, expiresAt)).toBe("expired");
  });

  it("reads a failed link as failed until expiresAt, then expired: it was open for a retry until then", () => {
    expect(effectiveLinkStatus({ status: "failed", expiresAt }, before)).toBe("failed");
    expect(effectiveLinkStatus({ status: "failed", expiresAt }, expiresAt)).toBe("expired");
  });

  it("keeps final states as they are", () => {
    expect(effectiveLinkStatus({ status: "completed", expiresAt }, later)).toBe("completed");
    expect(effectiveLinkStatus({ status: "expired", expiresAt }, before)).toBe("expired");
  });

  it("is payable while pending or failed, before expiresAt only", () => {
    expect(isLinkPayable({ status: "pending", expiresAt }, before)).toBe(true);
    expect(isLinkPayable({ status: "failed", expiresAt }, before)).toBe(true);
    expect(isLinkPayable({ status: "failed", expiresAt }, expiresAt)).toBe(false);
    expect(isLinkPayable({ status: "completed", expiresAt }, before)).toBe(false);
    expect(isLinkPayable({ status: "expired", expiresAt }, before)).toBe(false);
  });

  it("moves out of pending and out of failed (a retry), never out of completed or expired", () => {
    expect(canTransitionLink("pending", "completed")).toBe(true);
    expect(canTransitionLink("pending", "failed")).toBe(true);
    expect(canTransitionLink("pending", "pending")).toBe(false);
    expect(canTransitionLink("failed", "pending")).toBe(true);
    expect(canTransitionLink("failed", "completed")).toBe(true);
    expect(canTransitionLink("failed", "expired")).toBe(true);
    expect(canTransitionLink("failed", "failed")).toBe(false);
    for (const from of ["completed", "expired"] as const) {
      for (const to of ["pending", "completed", "failed", "expired"] as const) expect(canTransitionLink(from, to)).toBe(false);
    }
  });
});
