import { describe, expect, it } from "vitest";
import { resolveAnalyticsRange } from "./resolve-analytics-range";

describe("resolveAnalyticsRange", () => {
  it("defaults to the 30 days up to now, rounded up to the whole second the answer prints", () => {
    const { from, to } = resolveAnalyticsRange({}, new Date("2026-11-23T10:56:12.300Z"));
    expect(to.toISOString()).toBe("2026-11-23T10:56:13.000Z");
    expect(from.toISOString()).toBe("2026-10-24T10:56:13.000Z");
    expect(resolveAnalyticsRange({}, new Date("2026-11-23T10:56:12.000Z")).to.toISOString()).toBe("2026-11-23T10:56:12.000Z");
  });

  it("reads a date as `to` through the end of that day", () => {
    expect(resolveAnalyticsRange({ from: "2025-01-01", to: "2025-01-31" })).toEqual({
      from: new Date("2025-01-01T00:00:00Z"),
      to: new Date("2025-02-01T00:00:00Z"),
    });
  });
});
