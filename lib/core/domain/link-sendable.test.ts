import { describe, expect, it } from "vitest";
import { canSendLink } from "./link-sendable";

const now = new Date("2026-11-25T10:00:00Z");
const later = new Date("2026-11-25T11:00:00Z");
const earlier = new Date("2026-11-25T09:00:00Z");

describe("canSendLink", () => {
  it("sends a link that can still be paid: pending, or failed before it expires", () => {
    expect(canSendLink({ status: "pending", expiresAt: later }, now)).toBe(true);
    expect(canSendLink({ status: "failed", expiresAt: later }, now)).toBe(true);
  });

  it("never sends a completed or expired link, nor one past its expiry whatever its status says", () => {
    expect(canSendLink({ status: "completed", expiresAt: later }, now)).toBe(false);
    expect(canSendLink({ status: "expired", expiresAt: later }, now)).toBe(false);
    expect(canSendLink({ status: "pending", expiresAt: earlier }, now)).toBe(false);
    expect(canSendLink({ status: "failed", expiresAt: now }, now)).toBe(false);
  });
});
